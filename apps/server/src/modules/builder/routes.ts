import {
  BuilderNodeEnvelopeSchema,
  BuilderNodeListEnvelopeSchema,
  BuilderSystemEnvelopeSchema,
  BuilderSystemListEnvelopeSchema,
  ChildMenuBodySchema,
  DeleteDisplayGroupQuerySchema,
  DeleteResultEnvelopeSchema,
  DeleteStructureQuerySchema,
  DisplayGroupEnvelopeSchema,
  DisplayGroupListEnvelopeSchema,
  DisplayGroupQuerySchema,
  EditDisplayGroupBodySchema,
  EditNodeBodySchema,
  EmptyEnvelopeSchema,
  GROUP_ICONS,
  IconListEnvelopeSchema,
  MoveNodeBodySchema,
  NewDisplayGroupBodySchema,
  NewSystemBodySchema,
  NewSystemEnvelopeSchema,
  NODE_LOGOS,
  NodeListQuerySchema,
  RenameSystemBodySchema,
  SYSTEM_CREATED_MESSAGE,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { BuilderService } from './service.ts';

export const builderRoutes: FastifyPluginAsyncZod<{ builder: BuilderService }> = async (app, { builder }) => {
  const tags = ['builder'];
  // Only developers build systems (back office); administrators use what they build.
  const config = { access: { roles: ['D' as const] } };

  app.post(
    '/ks/config/new/structure/add',
    {
      config,
      schema: {
        tags,
        summary: 'Create a system',
        body: NewSystemBodySchema,
        response: { 200: NewSystemEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await builder.createSystem(currentUser(request), request.body, request.ip), SYSTEM_CREATED_MESSAGE),
  );

  app.get(
    '/ks/config/new/node/system-list',
    {
      config,
      schema: {
        tags,
        summary: 'Every live system with its node count and version',
        response: { 200: BuilderSystemListEnvelopeSchema },
      },
    },
    async () => ok(await builder.listSystems()),
  );

  app.put(
    '/ks/config/structure/system-name',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a system over the version the page loaded',
        body: RenameSystemBodySchema,
        response: { 200: BuilderSystemEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await builder.renameSystem(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.delete(
    '/ks/config/new/structure/del',
    {
      config,
      schema: {
        tags,
        summary: 'Soft-delete a system (systemId) with its nodes, or a node (nodeId) with its subtree',
        querystring: DeleteStructureQuerySchema,
        response: { 200: DeleteResultEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await builder.deleteStructure(currentUser(request), request.query, request.ip), '操作成功'),
  );

  app.get(
    '/ks/config/new/node/node-list',
    {
      config,
      schema: {
        tags,
        summary: "A system's live nodes, flat, in menu order, with versions",
        querystring: NodeListQuerySchema,
        response: { 200: BuilderNodeListEnvelopeSchema },
      },
    },
    async (request) => ok(await builder.listNodes(request.query.systemCoding)),
  );

  app.post(
    '/ks/config/new/structure/child-menu',
    {
      config,
      schema: {
        tags,
        summary: 'Add a node under a node (parentId) or at the top of a system (parentId null)',
        body: ChildMenuBodySchema,
        response: { 200: BuilderNodeEnvelopeSchema },
      },
    },
    async (request) => ok(await builder.addNode(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.put(
    '/ks/config/new/structure/edit',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a node over the version the form loaded (gnCoding never changes)',
        body: EditNodeBodySchema,
        response: { 200: BuilderNodeEnvelopeSchema },
      },
    },
    async (request) => ok(await builder.editNode(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.post(
    '/ks/config/new/structure/move',
    {
      config,
      schema: {
        tags,
        summary: 'Re-parent and reorder a node; answers the system’s nodes afterwards',
        body: MoveNodeBodySchema,
        response: { 200: BuilderNodeListEnvelopeSchema },
      },
    },
    async (request) => ok(await builder.moveNode(currentUser(request), request.body, request.ip), '操作成功'),
  );

  app.get(
    '/ks/config/new/node/node-logos',
    {
      config,
      schema: {
        tags,
        summary: 'Icon names a menu node may carry',
        response: { 200: IconListEnvelopeSchema },
      },
    },
    async () => ok([...NODE_LOGOS]),
  );

  app.post(
    '/ks/config/group/group-icons',
    {
      config,
      schema: {
        tags,
        summary: 'Icon names for groups and directories',
        response: { 200: IconListEnvelopeSchema },
      },
    },
    async () => ok([...GROUP_ICONS]),
  );

  // The spec calls this one with a trailing slash (display-groups/?systemCoding=); both spellings answer.
  for (const url of ['/ks/config/structure/display-groups', '/ks/config/structure/display-groups/']) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: "A system's display groups in order",
          querystring: DisplayGroupQuerySchema,
          response: { 200: DisplayGroupListEnvelopeSchema },
        },
      },
      async (request) => ok(await builder.listDisplayGroups(request.query.systemCoding)),
    );
  }

  app.post(
    '/ks/config/structure/display-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Add a display group to a system',
        body: NewDisplayGroupBodySchema,
        response: { 200: DisplayGroupEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await builder.addDisplayGroup(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.put(
    '/ks/config/structure/display-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a display group over the version the form loaded',
        body: EditDisplayGroupBodySchema,
        response: { 200: DisplayGroupEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await builder.editDisplayGroup(currentUser(request), request.body, request.ip), '保存成功'),
  );

  app.delete(
    '/ks/config/structure/display-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Soft-delete a display group',
        querystring: DeleteDisplayGroupQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await builder.deleteDisplayGroup(currentUser(request), request.query.id, request.ip);
      return ok(null, '操作成功');
    },
  );
};
