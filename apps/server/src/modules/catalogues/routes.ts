import {
  ButtonPullDownEnvelopeSchema,
  CATALOGUE_DELETED_MESSAGE,
  CATALOGUE_SAVED_MESSAGE,
  CatalogueCodeBodySchema,
  CatalogueIdQuerySchema,
  CatalogueKeywordQuerySchema,
  CreateDictionaryBodySchema,
  CreateStyleTemplateBodySchema,
  CreateValueRangeBodySchema,
  DicPullDownEnvelopeSchema,
  DictionaryEnvelopeSchema,
  DictionaryListEnvelopeSchema,
  EmptyEnvelopeSchema,
  StyleTemplateEnvelopeSchema,
  StyleTemplateListEnvelopeSchema,
  UpdateDictionaryBodySchema,
  UpdateStyleTemplateBodySchema,
  UpdateValueRangeBodySchema,
  ValueRangeEnvelopeSchema,
  ValueRangeListEnvelopeSchema,
  ValueRangeTreeEnvelopeSchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { CatalogueService } from './service.ts';

/**
 * Dictionaries (字典), value ranges (值域) and style templates ("Menus, dictionaries
 * and buttons", /system/styleTemplate). Developers and administrators keep dictionaries and value
 * ranges; any session reads one by code, because forms load their options from there.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogues: CatalogueService }> = async (
  app,
  { catalogues },
) => {
  const tags = ['catalogues'];
  const keepers = { access: { roles: ['D' as const, 'M' as const] } };
  const developers = { access: { roles: ['D' as const] } };

  // ————— dictionaries —————
  const dictionaries = '/ks/base/dictionary/config/dics';
  app.get(
    dictionaries,
    {
      config: keepers,
      schema: {
        tags,
        summary: 'Live dictionaries, by code; keyword matches code or name',
        querystring: CatalogueKeywordQuerySchema,
        response: { 200: DictionaryListEnvelopeSchema },
      },
    },
    async (request) => ok(await catalogues.findDictionaries(request.query.keyword)),
  );
  app.post(
    dictionaries,
    {
      config: keepers,
      schema: {
        tags,
        summary: 'Create a dictionary',
        body: CreateDictionaryBodySchema,
        response: { 200: DictionaryEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await catalogues.createDictionary(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.put(
    dictionaries,
    {
      config: keepers,
      schema: {
        tags,
        summary: "Change a dictionary's name and items over the version loaded (the code is fixed)",
        body: UpdateDictionaryBodySchema,
        response: { 200: DictionaryEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await catalogues.updateDictionary(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.delete(
    dictionaries,
    {
      config: keepers,
      schema: {
        tags,
        summary: 'Delete a dictionary no node form uses',
        querystring: CatalogueIdQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await catalogues.deleteDictionary(currentUser(request), request.query.id, request.ip);
      return ok(null, CATALOGUE_DELETED_MESSAGE);
    },
  );
  app.post(
    '/ks/base/dictionary/config/dic/pull-down',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "A dictionary's items for a form select",
        body: CatalogueCodeBodySchema,
        response: { 200: DicPullDownEnvelopeSchema },
      },
    },
    async (request) => ok(await catalogues.getDictionaryPullDown(request.body.code)),
  );
  app.post(
    '/ks/base/dictionary/config/button/pull-down',
    {
      config: keepers,
      schema: {
        tags,
        summary: 'The button dictionary: node functions with their labels',
        response: { 200: ButtonPullDownEnvelopeSchema },
      },
    },
    async () => ok(catalogues.getButtonPullDown()),
  );

  // ————— value ranges —————
  const valueRanges = '/ks/node/field/value-ranges';
  app.get(
    valueRanges,
    {
      config: keepers,
      schema: {
        tags,
        summary: 'Live value ranges, by code; keyword matches code or name',
        querystring: CatalogueKeywordQuerySchema,
        response: { 200: ValueRangeListEnvelopeSchema },
      },
    },
    async (request) => ok(await catalogues.findValueRanges(request.query.keyword)),
  );
  app.post(
    valueRanges,
    {
      config: keepers,
      schema: {
        tags,
        summary: 'Create a value range (an option tree of at most 4 levels)',
        body: CreateValueRangeBodySchema,
        response: { 200: ValueRangeEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await catalogues.createValueRange(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.put(
    valueRanges,
    {
      config: keepers,
      schema: {
        tags,
        summary: "Change a value range's name and tree over the version loaded (the code is fixed)",
        body: UpdateValueRangeBodySchema,
        response: { 200: ValueRangeEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await catalogues.updateValueRange(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.delete(
    valueRanges,
    {
      config: keepers,
      schema: {
        tags,
        summary: 'Delete a value range no node form uses',
        querystring: CatalogueIdQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await catalogues.deleteValueRange(currentUser(request), request.query.id, request.ip);
      return ok(null, CATALOGUE_DELETED_MESSAGE);
    },
  );
  app.post(
    '/ks/node/field/value-range',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "A value range's option tree for a cascade",
        body: CatalogueCodeBodySchema,
        response: { 200: ValueRangeTreeEnvelopeSchema },
      },
    },
    async (request) => ok(await catalogues.getValueRangeTree(request.body.code)),
  );

  // ————— style templates —————
  const styleTemplates = '/ks/config/style-templates';
  app.get(
    styleTemplates,
    {
      config: developers,
      schema: {
        tags,
        summary: 'Card style templates, by name',
        response: { 200: StyleTemplateListEnvelopeSchema },
      },
    },
    async () => ok(await catalogues.findStyleTemplates()),
  );
  app.post(
    styleTemplates,
    {
      config: developers,
      schema: {
        tags,
        summary: 'Create a card style template',
        body: CreateStyleTemplateBodySchema,
        response: { 200: StyleTemplateEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await catalogues.createStyleTemplate(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.put(
    styleTemplates,
    {
      config: developers,
      schema: {
        tags,
        summary: 'Change a card style template over the version loaded',
        body: UpdateStyleTemplateBodySchema,
        response: { 200: StyleTemplateEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await catalogues.updateStyleTemplate(currentUser(request), request.body, request.ip),
        CATALOGUE_SAVED_MESSAGE,
      ),
  );
  app.delete(
    styleTemplates,
    {
      config: developers,
      schema: {
        tags,
        summary: 'Delete a card style template',
        querystring: CatalogueIdQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await catalogues.deleteStyleTemplate(currentUser(request), request.query.id, request.ip);
      return ok(null, CATALOGUE_DELETED_MESSAGE);
    },
  );
};
