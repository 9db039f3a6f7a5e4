import { parseWithoutEval } from '@ks/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app.tsx';

// Before any parse: the content security policy forbids the eval that zod's compiled parsers use.
parseWithoutEval();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
