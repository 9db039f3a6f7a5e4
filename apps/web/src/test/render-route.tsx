import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers.tsx';
import { connectRouter, createRoutes } from '@/app/router.tsx';

/** Renders the real route table at `path`, with the real providers, under a memory router. */
export function renderRoute(path: string) {
  const router = connectRouter(createMemoryRouter(createRoutes(), { initialEntries: [path] }));
  // No pause between keystrokes, and no pointer-events check: that check reads getComputedStyle of
  // every ancestor, which is slow in jsdom with antd's injected styles.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, user, location };
}
