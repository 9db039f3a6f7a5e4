import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { RootProviders } from './root-providers.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

export function AppRoot() {
  const [router] = useState(createAppRouter);
  return (
    <RootProviders>
      <RouterProvider router={router} />
    </RootProviders>
  );
}
