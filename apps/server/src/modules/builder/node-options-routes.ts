import {
  CACHE_REFRESHED_MESSAGE,
  CacheRefreshEnvelopeSchema,
  MenuTreeEnvelopeSchema,
  NodeListQuerySchema,
  NodeOptionListEnvelopeSchema,
  SubmenusBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { NodeOptionsService } from './node-options-service.ts';

/** Node options, menu branches and the cache refresh (pull-down, submenus, cache/refresh). */
export const nodeOptionsRoutes: FastifyPluginAsyncZod<{ nodeOptions: NodeOptionsService }> = async (
  app,
  { nodeOptions },
) => {
  const tags = ['builder'];

  app.get(
    '/ks/config/new/node/pull-down',
    {
      config: { access: { roles: ['D'] } },
      schema: {
        tags,
        summary: "A system's nodes as select options {label, value: gnCoding}",
        querystring: NodeListQuerySchema,
        response: { 200: NodeOptionListEnvelopeSchema },
      },
    },
    async (request) => ok(await nodeOptions.listNodeOptions(request.query.systemCoding)),
  );

  app.post(
    '/ks/menu/v1/menus/submenus',
    {
      config: { access: 'session' },
      schema: {
        tags: ['shell'],
        summary: "The caller's visible children of a menu node (parentId null: the top level)",
        body: SubmenusBodySchema,
        response: { 200: MenuTreeEnvelopeSchema },
      },
    },
    async (request) => ok(await nodeOptions.findSubmenus(currentUser(request), request.body)),
  );

  app.get(
    '/ks/cache/refresh',
    {
      // Administrators and developers: after editing configuration outside the pages, or on support's advice.
      config: { access: { roles: ['M', 'D'] } },
      schema: {
        tags,
        summary: 'Empty every in-process cache of every instance; answers the names cleared',
        response: { 200: CacheRefreshEnvelopeSchema },
      },
    },
    async () => ok(await app.caches.clearAll(app.db), CACHE_REFRESHED_MESSAGE),
  );
};
