import { z } from 'zod';

/**
 * Request payloads for the hostile-input test: a sample that satisfies a route's declared schema
 * (its JSON Schema, as the OpenAPI document shows it) except that every free-text field carries
 * the hostile value, so the hostile text reaches as deep into the route as a valid request would.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  $ref?: string;
  default?: unknown;
};

export interface Anchors {
  /** Values for fields of these names instead of the hostile text (e.g. a real node's codes). */
  [field: string]: string;
}

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function sampleOf(
  schema: JsonSchema,
  hostile: unknown,
  anchors: Anchors,
  defs: Record<string, JsonSchema>,
  depth = 0,
  field = '',
): unknown {
  if (depth > 12) return null;
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return defs[name] ? sampleOf(defs[name], hostile, anchors, defs, depth + 1, field) : null;
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    return chosen ? sampleOf(chosen, hostile, anchors, defs, depth + 1, field) : null;
  }
  if (schema.allOf) {
    return Object.assign(
      {},
      ...schema.allOf.map((part) => sampleOf(part, hostile, anchors, defs, depth + 1)),
    );
  }
  const type = [schema.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'string':
      if (anchors[field] !== undefined) return anchors[field];
      if (schema.format === 'uuid') return SAMPLE_UUID;
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return hostile;
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array': {
      const item = Array.isArray(schema.items) ? schema.items[0] : (schema.items ?? schema.prefixItems?.[0]);
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () =>
        item ? sampleOf(item, hostile, anchors, defs, depth + 1) : hostile,
      );
    }
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        sample[key] = sampleOf(property, hostile, anchors, defs, depth + 1, key);
      }
      if (typeof schema.additionalProperties === 'object') {
        sample.field1 = sampleOf(schema.additionalProperties, hostile, anchors, defs, depth + 1);
      }
      return sample;
    }
    default:
      // z.unknown(), records of anything: the hostile value itself.
      return hostile;
  }
}

/** A sample of a route's body or query schema with `hostile` in every free-text field. */
export function hostileSample(schema: unknown, hostile: unknown, anchors: Anchors = {}): unknown {
  const json = toJsonSchema(schema);
  if (!json) return { text: hostile };
  const defs = ((json as { $defs?: Record<string, JsonSchema> }).$defs ?? {}) as Record<string, JsonSchema>;
  return sampleOf(json, hostile, anchors, defs);
}

/** An object nested `depth` levels deep. */
export function deepObject(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** The JSON text of an object nested `depth` levels deep (too deep for JSON.stringify's stack). */
export const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

/** A sample's JSON text with one more top-level field `deep`, nested `depth` levels. */
export function withDeepField(sample: unknown, depth: number): string {
  const json = JSON.stringify(sample ?? {});
  if (!json.startsWith('{')) return json;
  return json === '{}' ? `{"deep":${deepJson(depth)}}` : `{"deep":${deepJson(depth)},${json.slice(1)}`;
}

/** A JSON body whose top object and every nested object also carry prototype keys. */
export function withPrototypeKeys(sample: unknown): string {
  const json = JSON.stringify(sample ?? {});
  const keys = '"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},';
  return json.replace(/\{(?=")/g, `{${keys}`).replace(/^\{\}$/, `{${keys.slice(0, -1)}}`);
}

/** Query-string form of a sample: scalars as text, objects as JSON text. */
export function asQuery(sample: unknown): Record<string, string> {
  if (!sample || typeof sample !== 'object' || Array.isArray(sample)) return { q: String(sample) };
  return Object.fromEntries(
    Object.entries(sample).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
    ]),
  );
}
