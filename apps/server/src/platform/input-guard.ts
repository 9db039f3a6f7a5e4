import { findHostileValue } from '@ks/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

/**
 * Refuses, on every route, parameters, query and JSON bodies that hold control characters (in
 * values or keys) or nest deeper than any payload of the contract (decision 0023). One hook for
 * the whole route table, before each route's own validation: no route can forget it, and a value
 * the route's schema does not look at (a record's dynamic values, a JSON column) is covered too.
 * The answer is the validation envelope: 400 with a `{field: message}` map.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const value of Object.values(parts)) {
      const hostile = findHostileValue(value);
      if (hostile) throw badRequest(hostile.message, { [hostile.path]: hostile.message });
    }
  });
});
