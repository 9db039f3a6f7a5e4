import './lib/parse-without-eval.ts';
import { createRoot } from 'react-dom/client';
import { LOGIN_PATH } from './lib/constants.ts';
import { getToken } from './lib/session-store.ts';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');
const container: HTMLElement = rootElement;
const root = createRoot(container);

/** A page whose code cannot load says so in plain markup (no chunk of its own needed). */
function showLoadFailure() {
  container.innerHTML = '<p role="alert">页面加载失败，请检查网络后刷新重试</p>';
}

// / and /login without a session are the stand-alone login, which loads neither the router nor the
// query client; every other page, and the login of a signed-in tab (which goes on to its home), is
// the app (decision 0035).
const isLoginPage = window.location.pathname === '/' || window.location.pathname === LOGIN_PATH;
if (isLoginPage && !getToken())
  import('./app/login-boot.tsx').then(({ bootLogin }) => bootLogin(root), showLoadFailure);
else import('./app/app-boot.tsx').then(({ bootApp }) => bootApp(root), showLoadFailure);
