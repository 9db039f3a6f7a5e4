import { PAGE_ACCESS, type PageAccess, pageRoles } from '@ks/contract/pages';
import type { LoginRoleType } from '@ks/contract/session';
import type { MenuNode, System } from '@ks/contract/shell';
import type { Page } from 'playwright-core';
import { describe, type ExpectStatic, expect, it } from 'vitest';
import { shellPagePaths } from '../../apps/web/src/app/route-table.ts';
import { loginWithApi } from '../support/api.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';

/**
 * Issue 16 items 1–3: the pages of the web route table opened in a real browser as every demo role,
 * and every entry of every role's menu, clicked. A page is offered to a role exactly when the calls
 * it makes are: a denial shown above working content, a page's own /ks/ call refused, a blank
 * content area or a menu entry that opens an unpublished node is a finding.
 *
 * What only the browser proves is walked whole: every built page loads its chunk of the production
 * build and makes its calls (all of them, not only the main one) against the real server without a
 * refusal, as one role it is offered to — the walks share the pages out, each page to the offered
 * role with the fewest so far, so the four concurrent walks take about as long. That each role is
 * offered its pages and answered by the server is the cheaper tests' matrix: the router's gate of
 * every gated page and role (apps/web/src/app/page-gates.test.tsx) and the server's answer to each
 * page's call per role (apps/server/src/platform/page-access.test.ts). What those prove is walked
 * here by one sample per role: a page for other roles shows the gate's denial, and a page not built
 * yet shows 此页面尚未开放 (every path of the table resolving to its page: apps/web/src/app/router.test.tsx).
 * The menu walk below still clicks every entry of every role's own menu.
 */
const newPage = useBrowser();

/** A denial a person reads; on its own in the content area it is an honest answer, above content a contradiction. */
const DENIAL = /无权限访问|无权访问/;
/** The push stream stays open for the whole session: never "in flight" for a page. */
const isStream = (url: string) => url.includes('/ks/message/v1/subscribe');
const isPageCall = (url: string) => new URL(url).pathname.startsWith('/ks/') && !isStream(url);

type Role = keyof typeof DEMO;
const ROLES: Role[] = ['admin', 'developer', 'enterprise', 'personnel'];
const ROLE_TYPE: Record<Role, LoginRoleType> = {
  admin: 'M',
  developer: 'D',
  enterprise: 'U',
  personnel: 'P',
};

/**
 * The web's built pages, from the features' routes.ts. Imported by a name the type-check does not
 * follow (the routes' lazy page imports would pull the whole web app into e2e/'s tsconfig); the
 * runner resolves the web's `@/` imports through e2e/vitest.config.ts.
 */
const FEATURE_ROUTES_MODULE = new URL('../../apps/web/src/app/feature-routes.ts', import.meta.url).pathname;
const { FEATURE_ROUTES } = (await import(/* @vite-ignore */ FEATURE_ROUTES_MODULE)) as {
  FEATURE_ROUTES: { path: string; placement: 'public' | 'shell' }[];
};

const builtShellPages = new Set(
  FEATURE_ROUTES.filter((page) => page.placement === 'shell').map((page) => page.path),
);
const offeredTo = (path: string, role: Role) => pageRoles(path)?.includes(ROLE_TYPE[role]) ?? true;

/** Each built page of the shell to one role it is offered to: the one given the fewest so far. */
const SHARE: Map<Role, string[]> = (() => {
  const share = new Map(ROLES.map((role) => [role, [] as string[]]));
  for (const path of shellPagePaths().filter((path) => builtShellPages.has(path))) {
    const takers = ROLES.filter((role) => offeredTo(path, role));
    const taker = takers.reduce((least, role) =>
      (share.get(role)?.length ?? 0) < (share.get(least)?.length ?? 0) ? role : least,
    );
    share.get(taker)?.push(path);
  }
  return share;
})();

/**
 * The pages a role's walk opens: its share of the built pages of the shell, one page for other
 * roles (it must show the denial) and one page not built yet (it must say so).
 */
function walkOf(role: Role) {
  const type = ROLE_TYPE[role];
  const shell = shellPagePaths();
  const offered = SHARE.get(role) ?? [];
  const denied = Object.entries(PAGE_ACCESS as Record<string, PageAccess>).find(
    ([, page]) => !page.roles.includes(type),
  )?.[0];
  const planned = shell.find((path) => !builtShellPages.has(path));
  if (!denied || !planned) throw new Error(`${role}: no page for other roles, or none planned, to sample`);
  return { offered, denied, planned: planned.replace(':bianma', 'B001') };
}

/**
 * Watches the page's requests: how many are in flight (a lazy page's chunk too, so a page is not
 * judged before it rendered), when the last moved, and which of its /ks/ calls were refused.
 */
function watchCalls(page: Page) {
  const state = { inFlight: 0, lastActivity: Date.now(), refused: [] as string[] };
  page.on('request', (request) => {
    if (isStream(request.url())) return;
    state.inFlight += 1;
    state.lastActivity = Date.now();
  });
  const done = (url: string) => {
    if (isStream(url)) return;
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.lastActivity = Date.now();
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  page.on('response', async (response) => {
    if (!isPageCall(response.url())) return;
    const call = `${response.request().method()} ${new URL(response.url()).pathname}`;
    if (response.status() === 403) {
      state.refused.push(`${call} → HTTP 403`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (body?.code === 403) state.refused.push(`${call} → ${body.code} ${body.message ?? ''}`);
  });
  return state;
}

type Calls = ReturnType<typeof watchCalls>;

/** Waits until the page's calls are answered, nothing has moved for a moment and no spinner turns. */
async function settle(page: Page, calls: Calls, expect: ExpectStatic) {
  await expect
    .poll(
      async () =>
        calls.inFlight === 0 &&
        Date.now() - calls.lastActivity > 500 &&
        (await page.locator('.ks-shell-content .ant-spin-spinning').count()) === 0,
      { interval: 200 },
    )
    .toBe(true);
}

/** What is wrong with the page on screen now, if anything. */
async function findingsOnScreen(
  page: Page,
  options: { unpublishedIsFinding: boolean },
  expect: ExpectStatic,
): Promise<string[]> {
  const findings: string[] = [];
  const content = page.locator('.ks-shell-content');
  const shownText = async () => (await content.innerText().catch(() => '')).trim();
  const isBlank = async () =>
    (await shownText()) === '' && (await content.locator('canvas, img, svg').count()) === 0;
  // A page may still be rendering what its last call answered (a loaded machine takes a moment
  // between the response and the paint): blank is a finding only if it stays blank.
  const staysBlank = await expect
    .poll(isBlank, { timeout: 10000, interval: 250 })
    .toBe(false)
    .then(
      () => false,
      () => true,
    );
  if (staysBlank) findings.push('blank content area');
  const contentText = await shownText();
  const dialogs = page.locator('.ant-modal').filter({ visible: true });
  for (const text of await dialogs.allInnerTexts()) {
    if (DENIAL.test(text)) findings.push(`denial in a dialog: ${text.replace(/\s+/g, ' ').slice(0, 80)}`);
  }
  if (DENIAL.test(contentText)) {
    // Alone it answers "not for you"; next to a table, card or form it contradicts what it shows.
    const working = await content.locator('.ant-table, .ant-card, .ant-form, .ant-tabs, .ant-list').count();
    if (working > 0) findings.push(`denial above content: ${contentText.replace(/\s+/g, ' ').slice(0, 80)}`);
  }
  if (options.unpublishedIsFinding && contentText.includes('该功能尚未发布')) {
    findings.push('opens an unpublished node (该功能尚未发布)');
  }
  return findings;
}

async function logInAs(page: Page, role: Role) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, DEMO[role].account, DEMO[role].password);
  await waitForPath(page, DEMO[role].home);
}

/** The demo role's session: practice-status dialog of personnel closed, so it hides nothing. */
async function startSession(role: Role, expect: ExpectStatic) {
  const page = await newPage();
  const calls = watchCalls(page);
  await logInAs(page, role);
  await settle(page, calls, expect);
  if (role === 'personnel') {
    const dialog = page.getByRole('dialog', { name: '执业状态提醒' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  }
  return { page, calls };
}

describe('the pages of the route table as every demo role', () => {
  it('walks every built page of the shell once, as a role it is offered to', () => {
    const walks = ROLES.flatMap((role) => walkOf(role).offered.map((path) => ({ role, path })));
    const built = [...builtShellPages];
    expect(built.length).toBeGreaterThan(30);
    expect(built.filter((path) => !walks.some((walk) => walk.path === path))).toEqual([]);
    expect(walks.filter(({ role, path }) => !offeredTo(path, role))).toEqual([]);
    expect(new Set(walks.map((walk) => walk.path)).size).toBe(walks.length);
  });

  it.concurrent.for(ROLES)(
    'opens every page offered to %s without a denial above content, a refused call or a blank page',
    { timeout: 600000 },
    async (role, { expect }) => {
      const { offered, denied, planned } = walkOf(role);
      const { page, calls } = await startSession(role, expect);
      const content = page.locator('.ks-shell-content');
      const findings: string[] = [];
      const open = async (path: string) => {
        calls.refused = [];
        // A fresh load per page: what is judged is that page alone, never the one before it
        // still on screen while the next renders.
        await page.goto(`${baseUrl()}${path}`);
        await settle(page, calls, expect);
      };
      for (const path of offered) {
        await open(path);
        const found = [
          ...(await findingsOnScreen(page, { unpublishedIsFinding: false }, expect)),
          ...calls.refused,
        ];
        if (DENIAL.test(await content.innerText())) found.push('denied although offered');
        if (found.length > 0) findings.push(`${path}: ${found.join('; ')}`);
      }
      // The real gate in the real shell: the denial alone, and no call of the page.
      await open(denied);
      await expect.poll(() => content.innerText()).toMatch(DENIAL);
      findings.push(
        ...[...(await findingsOnScreen(page, { unpublishedIsFinding: false }, expect)), ...calls.refused].map(
          (found) => `${denied} (denied): ${found}`,
        ),
      );
      await open(planned);
      await expect.poll(() => content.innerText()).toContain('此页面尚未开放');
      expect(findings).toEqual([]);
      await page.context().close();
    },
  );
});

async function apiGet<T>(token: string, method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'POST' ? '{}' : undefined,
  });
  return ((await response.json()) as { data: T }).data;
}

type Leaf = { titles: string[]; node: MenuNode };
const leavesOf = (nodes: MenuNode[], above: string[] = []): Leaf[] =>
  nodes
    .filter((node) => node.itShows === '是' && !node.disabled)
    .flatMap((node) =>
      node.children.length > 0
        ? leavesOf(node.children, [...above, node.title])
        : node.nodeProperties === 'directory'
          ? []
          : [{ titles: [...above, node.title], node }],
    );

describe("every entry of every demo role's menu", () => {
  it.concurrent.for(ROLES)(
    'opens a working page for every menu entry %s sees',
    { timeout: 600000 },
    async (role, { expect }) => {
      const token = await loginWithApi(baseUrl(), DEMO[role].account, DEMO[role].password);
      const systems = await apiGet<System[]>(token, 'POST', '/ks/menu/v1/menus/main-menus');
      const { page, calls } = await startSession(role, expect);
      const menu = page.getByRole('menu', { name: '功能菜单' });
      const findings: string[] = [];
      let clicked = 0;
      for (const system of systems) {
        const tree = await apiGet<MenuNode[]>(
          token,
          'GET',
          `/ks/individual/menus?systemCoding=${encodeURIComponent(system.gnCoding)}`,
        );
        await page.getByLabel('切换系统').click();
        await page.locator('.ant-select-item-option', { hasText: system.systemName }).click();
        await settle(page, calls, expect);
        // The menu is the chosen system's before its entries are looked for.
        const firstEntry = tree.find((node) => node.itShows === '是' && !node.disabled);
        if (firstEntry)
          await expect
            .poll(() => menu.getByText(firstEntry.title, { exact: true }).first().isVisible())
            .toBe(true);
        for (const leaf of leavesOf(tree)) {
          calls.refused = [];
          for (const title of leaf.titles.slice(0, -1)) {
            const submenu = menu.locator('.ant-menu-submenu', { hasText: title }).first();
            // Open it, and again if a click landed while the menu re-rendered: antd marks an open
            // submenu at once, so a second look a second later tells whether the click took.
            await expect
              .poll(
                async () => {
                  if ((await submenu.getAttribute('class'))?.includes('ant-menu-submenu-open')) return true;
                  await submenu.locator('.ant-menu-submenu-title').first().click();
                  return false;
                },
                { interval: 1000 },
              )
              .toBe(true);
          }
          // A developer's entry also holds its gear button: find the entry by its own title.
          await menu
            .locator('.ant-menu-item')
            .filter({ has: page.getByText(leaf.node.title, { exact: true }) })
            .first()
            .click();
          await page.waitForURL(
            (url) => url.searchParams.get('gnCoding') === leaf.node.gnCoding || !url.search,
          );
          await settle(page, calls, expect);
          clicked += 1;
          const found = [
            // Developers build unpublished nodes; everyone else must never meet one.
            ...(await findingsOnScreen(page, { unpublishedIsFinding: role !== 'developer' }, expect)),
            ...calls.refused,
          ];
          if (found.length > 0) findings.push(`${system.systemName} › ${leaf.titles.join(' › ')}: ${found}`);
        }
      }
      expect(clicked).toBeGreaterThan(2);
      expect(findings).toEqual([]);
      await page.context().close();
    },
  );
});
