import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * A response serialiser compiled from the route's zod response schema (its JSON Schema, output
 * side), for the hot routes (decision 0039). The default serialiser (fastify-type-provider-zod)
 * runs the whole answer through zod's encoder and then JSON.stringify; on a list page of 20 rows
 * that is most of the route's own CPU. The compiled one writes only the properties the contract
 * declares (a row's own field values: its catch-all), in one pass. It does not check values as
 * zod did: the services build them typed against the same contract, and the routes' tests read
 * them back through the contract's schemas.
 */
export function compiledSerializer(schema: ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

/** A route's `serializerCompiler` using compiledSerializer for each of its declared response schemas. */
export const compiledSerializerCompiler = ({ schema }: { schema: unknown }) =>
  compiledSerializer(schema as ZodType);
