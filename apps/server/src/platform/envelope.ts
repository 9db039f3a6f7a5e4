import { type Envelope, ERROR_CODES, ERROR_MESSAGES } from '@ks/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

export const ok = <T>(data: T, message = '成功'): Envelope<T> => ({ code: ERROR_CODES.OK, data, message });

/** Field path of a validation issue as the form knows it: `a.b` for nested values. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

/**
 * The error half of the envelope: every failure leaves as `{code, data, message}`.
 * Validation failures carry a `{field: message}` map for the form; unknown failures are logged
 * with the request id and answered without internals.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // The request id travels back so a person's error report can be matched with the server log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.httpStatus)
        .send({ code: error.code, data: error.data, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath);
        fields[field] ??= issue.message ?? ERROR_MESSAGES[400];
      }
      const first = Object.values(fields)[0] ?? ERROR_MESSAGES[400];
      return reply.status(400).send({ code: ERROR_CODES.BAD_REQUEST, data: fields, message: first });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: ERROR_CODES.TOO_MANY_REQUESTS, data: null, message: ERROR_MESSAGES[429] });
    }
    if (error.statusCode && error.statusCode < 500) {
      // Malformed JSON, a body too large, a wrong content type: Fastify's own 4xx.
      return reply.status(error.statusCode).send({
        code: ERROR_CODES.BAD_REQUEST,
        data: null,
        message: `${ERROR_MESSAGES[400]}：${error.message}`,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODES.INTERNAL, data: null, message: ERROR_MESSAGES[500] });
  });
});
