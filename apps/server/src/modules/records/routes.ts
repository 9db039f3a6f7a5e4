import {
  ACTION_DONE_MESSAGE,
  ButtonsEnvelopeSchema,
  CertCascadeBodySchema,
  CertCascadeEnvelopeSchema,
  ChartDataBodySchema,
  ChartDataEnvelopeSchema,
  ColumnsEnvelopeSchema,
  DELETED_MESSAGE,
  DeleteRecordQuerySchema,
  EmptyEnvelopeSchema,
  FilterFieldsBodySchema,
  FilterFieldsEnvelopeSchema,
  IMPORT_FILE_MESSAGE,
  IMPORT_REJECTED_MESSAGE,
  IMPORTED_MESSAGE,
  ImportReportEnvelopeSchema,
  ImportTemplateQuerySchema,
  ListRecordsBodySchema,
  NodeRefSchema,
  PullDownBodySchema,
  PullDownEnvelopeSchema,
  RecordDetailsBodySchema,
  RecordDetailsEnvelopeSchema,
  RecordIdBodySchema,
  RecordPageEnvelopeSchema,
  RecordRowEnvelopeSchema,
  RevisionsEnvelopeSchema,
  RunActionBodySchema,
  RunActionEnvelopeSchema,
  RunActionParamsSchema,
  SAVED_MESSAGE,
  SaveRecordBodySchema,
  SaveResultEnvelopeSchema,
  UpdatePartBodySchema,
} from '@ks/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { compiledSerializerCompiler } from '../../platform/compiled-serializer.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RecordService } from './service.ts';
import type { RecordSheets } from './xlsx.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Largest import file: a sheet of IMPORT_MAX_ROWS rows stays far below it. */
const IMPORT_FILE_BYTES = 10 * 1024 * 1024;

const attachment = (fileName: string) =>
  `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

function sendXlsx(reply: FastifyReply, fileName: string, body: unknown) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * The records runtime: every call needs a session; the
 * service decides per node, function and row what the caller may see and do.
 */
export const recordRoutes: FastifyPluginAsyncZod<{ records: RecordService; sheets: RecordSheets }> = async (
  app,
  { records, sheets },
) => {
  const tags = ['records'];
  const config = { access: 'session' as const };

  for (const url of [
    '/ks/monitor/table-list',
    '/ks/monitor/dynamic-table-list',
    '/ks/monitor/get-view-list',
  ]) {
    const view = url.endsWith('get-view-list') ? 'card' : 'table';
    app.post(
      url,
      {
        config,
        schema: {
          tags,
          summary: `A page of a node's records under the caller's row scope (${view} list)`,
          body: ListRecordsBodySchema,
          response: { 200: RecordPageEnvelopeSchema },
        },
        // The hottest read of the platform: its answer is written by a serialiser compiled from the contract.
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => ok(await records.lists.list(currentUser(request), request.body, view)),
    );
  }

  app.post(
    '/ks/monitor/table-info/mtr',
    {
      config,
      schema: {
        tags,
        summary: 'One record as a list row',
        body: RecordIdBodySchema,
        response: { 200: RecordRowEnvelopeSchema },
      },
    },
    async (request) => ok(await records.lists.row(currentUser(request), request.body)),
  );

  app.post(
    '/ks/common/common/table/columns',
    {
      config,
      schema: {
        tags,
        summary: "A node's published list columns",
        body: NodeRefSchema,
        response: { 200: ColumnsEnvelopeSchema },
      },
    },
    async (request) => ok(await records.lists.columns(currentUser(request), request.body)),
  );

  app.post(
    '/ks/info/v1/form/details',
    {
      config,
      schema: {
        tags,
        summary: "A node's form, with a record in its own schema version when id is given",
        body: RecordDetailsBodySchema,
        response: { 200: RecordDetailsEnvelopeSchema },
      },
    },
    async (request) => ok(await records.forms.details(currentUser(request), request.body)),
  );

  app.post(
    '/ks/monitor/save',
    {
      config,
      schema: {
        tags,
        summary: 'Create a record, or replace an editable one over the version loaded',
        body: SaveRecordBodySchema,
        response: { 200: SaveResultEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await records.writes.save(currentUser(request), request.body, { ip: request.ip }), SAVED_MESSAGE),
  );

  app.post(
    '/ks/monitor/update-part',
    {
      config,
      schema: {
        tags,
        summary: 'Change some fields of an editable record over the version loaded',
        body: UpdatePartBodySchema,
        response: { 200: SaveResultEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await records.writes.updatePart(currentUser(request), request.body, { ip: request.ip }),
        SAVED_MESSAGE,
      ),
  );

  app.delete(
    '/ks/monitor/delete',
    {
      config,
      schema: {
        tags,
        summary: 'Soft-delete an editable record over the version loaded',
        querystring: DeleteRecordQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await records.writes.remove(currentUser(request), request.query, { ip: request.ip });
      return ok(null, DELETED_MESSAGE);
    },
  );

  app.post(
    '/ks/records/actions/:code',
    {
      config,
      schema: {
        tags,
        summary:
          "Run a module action on a record over the version loaded: the node offers it, the caller's role or organisation is granted it, the record is in a state it applies to",
        params: RunActionParamsSchema,
        body: RunActionBodySchema,
        response: { 200: RunActionEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await records.actions.run(currentUser(request), request.params.code, request.body, {
          ip: request.ip,
        }),
        ACTION_DONE_MESSAGE,
      ),
  );

  // The spec's /ks/monitor/send, /ks/monitor/spread, /ks/monitor/margin… (decision 0076): a module
  // action by its code, run exactly as /ks/records/actions/:code runs it. Fastify's static
  // /ks/monitor/* routes (save, submit, audit…) win over this parametric one; a code no module
  // registers answers 404 '“…”功能尚未开放'.
  app.post(
    '/ks/monitor/:code',
    {
      config,
      schema: {
        tags,
        summary: "The spec's path of a module action (send, spread…): the same as /ks/records/actions/:code",
        params: RunActionParamsSchema,
        body: RunActionBodySchema,
        response: { 200: RunActionEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await records.actions.run(currentUser(request), request.params.code, request.body, {
          ip: request.ip,
        }),
        ACTION_DONE_MESSAGE,
      ),
  );

  app.post(
    '/ks/common/common/record-revisions',
    {
      config,
      schema: {
        tags,
        summary:
          "A record's change history (field, old value, new value per version); the operation log stays at logHistory",
        body: RecordIdBodySchema,
        response: { 200: RevisionsEnvelopeSchema },
      },
    },
    async (request) => ok(await records.writes.revisions(currentUser(request), request.body)),
  );

  app.post(
    '/ks/array/filter/directory/filter-fields',
    {
      config,
      schema: {
        tags,
        summary: "A filter card's items, options filled from the fields when not fixed",
        body: FilterFieldsBodySchema,
        response: { 200: FilterFieldsEnvelopeSchema },
      },
    },
    async (request) => ok(await records.options.filterFields(currentUser(request), request.body)),
  );

  app.post(
    '/ks/common/common/pull-down',
    {
      config,
      schema: {
        tags,
        summary: "A field's options; key = the parent's value for child selects",
        body: PullDownBodySchema,
        response: { 200: PullDownEnvelopeSchema },
      },
    },
    async (request) => ok(await records.options.pullDown(currentUser(request), request.body)),
  );

  app.post(
    '/ks/common/common/cert-cascade',
    {
      config,
      schema: {
        tags,
        summary: "A cascade field's option tree",
        body: CertCascadeBodySchema,
        response: { 200: CertCascadeEnvelopeSchema },
      },
    },
    async (request) => ok(await records.options.certCascade(currentUser(request), request.body)),
  );

  for (const where of ['table', 'form'] as const) {
    app.post(
      `/ks/common/buttons/${where}-button`,
      {
        config,
        schema: {
          tags,
          summary: `The caller's ${where === 'table' ? 'table toolbar' : 'form footer'} buttons on a node`,
          body: NodeRefSchema,
          response: { 200: ButtonsEnvelopeSchema },
        },
      },
      async (request) => ok(await records.options.buttons(currentUser(request), request.body, where)),
    );
  }

  app.post(
    '/ks/statistics/v1/chart-data',
    {
      config,
      schema: {
        tags,
        summary: "A published chart's data, aggregated on the server under the caller's row scope",
        body: ChartDataBodySchema,
        response: { 200: ChartDataEnvelopeSchema },
      },
    },
    async (request) => ok(await records.options.chartData(currentUser(request), request.body)),
  );

  app.post(
    '/ks/monitor/export',
    {
      config,
      schema: {
        tags,
        summary: 'The filtered records as a streamed xlsx download',
        body: ListRecordsBodySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await sheets.exportRecords(currentUser(request), request.body, request.ip);
      return sendXlsx(reply, fileName, stream);
    },
  );

  app.get(
    '/ks/monitor/import-template',
    {
      config,
      schema: {
        tags,
        summary: "The xlsx template of a node's import",
        querystring: ImportTemplateQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, buffer } = await sheets.template(currentUser(request), request.query);
      return sendXlsx(reply, fileName, buffer);
    },
  );

  app.post(
    '/ks/monitor/import',
    {
      config,
      schema: {
        tags,
        summary: 'Import the rows of an xlsx: all rows, or none with the report of rejected rows',
        consumes: ['multipart/form-data'],
        response: { 200: ImportReportEnvelopeSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(IMPORT_FILE_MESSAGE);
      const part = await request.file({ limits: { fileSize: IMPORT_FILE_BYTES, files: 1, fields: 20 } });
      if (!part) throw badRequest(IMPORT_FILE_MESSAGE);
      const file = await part.toBuffer().catch(() => {
        throw badRequest(IMPORT_FILE_MESSAGE);
      });
      const fields = Object.fromEntries(
        Object.entries(part.fields).map(([name, field]) => [
          name,
          field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '',
        ]),
      );
      const ref = NodeRefSchema.safeParse(fields);
      if (!ref.success) throw badRequest(ref.error.issues[0]?.message ?? IMPORT_FILE_MESSAGE);
      const report = await sheets.importRecords(currentUser(request), ref.data, file, request.ip);
      return ok(
        report,
        report.rejected.length
          ? IMPORT_REJECTED_MESSAGE(report.rejected.length)
          : IMPORTED_MESSAGE(report.imported),
      );
    },
  );
};
