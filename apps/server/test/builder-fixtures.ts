import type { BuilderNode, DraftState, NodeDefinitionInput } from '@ks/contract';
import { expect } from 'vitest';
import { createUser, loginAs, type TestApp, unique } from './helper.ts';

/**
 * Builds systems and nodes the way a developer does, through the builder's HTTP calls, so tests of
 * the builder and of the records runtime start from real definitions and real node tables.
 */
export async function newSystem(app: TestApp, headers: Record<string, string>, gnCoding = unique('s')) {
  const response = await app.inject({
    method: 'POST',
    url: '/ks/config/new/structure/add',
    headers,
    payload: { systemName: `测试系统${gnCoding}`, title: '测试系统', gnCoding, levels: '0' },
  });
  expect(response.json().code).toBe(200);
  return { gnCoding, id: response.json().data.id as string };
}

export async function addNode(
  app: TestApp,
  headers: Record<string, string>,
  systemCoding: string,
  options: { parentId?: string | null; gnCoding?: string; title?: string; nodeProperties?: string } = {},
) {
  const gnCoding = options.gnCoding ?? unique('n');
  const response = await app.inject({
    method: 'POST',
    url: '/ks/config/new/structure/child-menu',
    headers,
    payload: {
      systemCoding,
      parentId: options.parentId ?? null,
      title: options.title ?? `节点${gnCoding}`,
      nodeProperties: options.nodeProperties ?? 'dynamicList',
      gnCoding,
    },
  });
  expect(response.json().code).toBe(200);
  return response.json().data as BuilderNode;
}

export async function draftOf(app: TestApp, headers: Record<string, string>, nodeId: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/ks/config/new/node/previews',
    headers,
    query: { nodeId },
  });
  expect(response.json().code).toBe(200);
  return response.json().data as DraftState;
}

export async function saveDraft(
  app: TestApp,
  headers: Record<string, string>,
  nodeId: string,
  definition: NodeDefinitionInput,
) {
  const { version } = await draftOf(app, headers, nodeId);
  return app.inject({
    method: 'POST',
    url: '/ks/config/new/node/update-preview',
    headers,
    payload: { nodeId, definition, version },
  });
}

export async function publish(app: TestApp, headers: Record<string, string>, nodeId: string) {
  return app.inject({ method: 'POST', url: '/ks/config/new/node/publish', headers, payload: { nodeId } });
}

/** A system with one node whose definition is saved and published; answers the codes and node. */
export async function publishedNode(
  app: TestApp,
  developer: Record<string, string>,
  definition: NodeDefinitionInput,
) {
  const system = await newSystem(app, developer);
  const node = await addNode(app, developer, system.gnCoding);
  expect((await saveDraft(app, developer, node.id, definition)).json().code).toBe(200);
  const published = await publish(app, developer, node.id);
  expect(published.json()).toMatchObject({ code: 200 });
  return {
    systemCoding: system.gnCoding,
    gnCoding: node.gnCoding,
    node,
    tableName: published.json().data.tableName,
  };
}

/** Headers of one fresh user per role, for tests that cross every role boundary. */
export async function headersByRole(app: TestApp) {
  const entries = await Promise.all(
    (['M', 'D', 'U', 'P'] as const).map(
      async (role) => [role, (await loginAs(app, await createUser(app, role))).headers] as const,
    ),
  );
  return Object.fromEntries(entries) as unknown as Record<'M' | 'D' | 'U' | 'P', Record<string, string>>;
}

/** Asserts that each of the given roles is refused (403) by the request and none is let through. */
export async function expectRefused(
  app: TestApp,
  headers: Record<string, Record<string, string>>,
  roles: readonly ('M' | 'D' | 'U' | 'P')[],
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    query?: Record<string, string>;
  },
) {
  for (const role of roles) {
    const response = await app.inject({
      ...request,
      payload: request.payload as never,
      headers: headers[role],
    });
    expect(response.statusCode, `${role} ${request.method} ${request.url}`).toBe(403);
  }
  const anonymous = await app.inject({ ...request, payload: request.payload as never });
  expect(anonymous.statusCode, `no session ${request.method} ${request.url}`).toBe(401);
}
