import type { StandardSchemaV1 } from '@standard-schema/spec';
import fc from 'fast-check';
import { toJSONSchema } from 'zod/mini';

/**
 * Bodies for a registered call, made from the call's own schema (through its JSON Schema), so the
 * access-control and fuzz tests cover a call the day it is added. Sizes are bounded: the point is to
 * reach the handler with plausible and implausible values, not to build huge bodies.
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** The JSON Schema of a call's body; undefined when the schema is not one zod can describe. */
export function jsonSchemaOf(schema: StandardSchemaV1): JsonSchema | undefined {
  try {
    return toJSONSchema(schema as unknown as Parameters<typeof toJSONSchema>[0], { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

const MAX_ITEMS = 4;
const MAX_TEXT = 40;

function fromPattern(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((text) => text.length <= 200);
  } catch {
    return fc.string({ maxLength: MAX_TEXT });
  }
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : undefined);
  const low = Math.max(min ?? -1_000_000, -1_000_000_000);
  const high = Math.min(max ?? 1_000_000, 1_000_000_000);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

function ofType(type: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (schema.pattern) return fromPattern(schema.pattern);
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT)),
      });
    case 'integer':
      return number(schema, true);
    case 'number':
      return number(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.prefixItems ? fc.tuple(...schema.prefixItems.map(arbitraryOf)) : undefined;
      if (items) return items;
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? arbitraryOf(schema.items) : fc.jsonValue({ maxDepth: 2 }), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = arbitraryOf(property);
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An arbitrary of values the JSON Schema describes (mostly valid; refinements it cannot express are not). */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map(arbitraryOf));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0]!);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => ofType(type, schema)));
  if (schema.type) return ofType(schema.type, schema);
  return fc.jsonValue({ maxDepth: 2 });
}

/** Field names of the body's top level, as the schema declares them. */
export function fieldsOf(schema: JsonSchema | undefined): string[] {
  return Object.keys(schema?.properties ?? {});
}

/**
 * A body the call's schema accepts (tried on up to `tries` samples of its JSON Schema, since refinements
 * are not in it), with `fixed` fields set; undefined when none validates.
 */
export async function validBody(
  schema: StandardSchemaV1,
  fixed: Record<string, unknown> = {},
  options: { seed?: number; tries?: number } = {},
): Promise<Record<string, unknown> | undefined> {
  const json = jsonSchemaOf(schema);
  const samples = fc.sample(json ? arbitraryOf(json) : fc.constant({}), { numRuns: options.tries ?? 50, seed: options.seed ?? 1 });
  for (const sample of [{}, ...samples]) {
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) continue;
    const body = { ...(sample as Record<string, unknown>), ...fixed };
    if (!(await schema['~standard'].validate(body)).issues) return body;
  }
  return undefined;
}

/** Control characters, NUL most of all (PostgreSQL refuses it in text): the contract refuses each in any text. */
export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];

/** The paths of the texts in a value (strings anywhere in it), as the contract names a field (`items.0.name`). */
function textPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...path, key]));
}

function withTextAt(value: unknown, path: readonly string[], change: (text: string) => string): unknown {
  if (path.length === 0) return typeof value === 'string' ? change(value) : value;
  const [key, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) return value.map((item, i) => (String(i) === key ? withTextAt(item, rest, change) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [key]: withTextAt(record[key], rest, change) };
}

/**
 * A body with a control character put into one of its texts (chosen among them all, nested ones
 * included), and the path of that text; the body as it was and undefined when it has no text.
 */
export function withControlCharacter(body: unknown, pick: number, character: string, at: number): { body: unknown; field?: string } {
  const paths = textPaths(body);
  if (paths.length === 0) return { body };
  const path = paths[pick % paths.length]!;
  return {
    body: withTextAt(body, path, (text) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + character + text.slice(i);
    }),
    field: path.join('.'),
  };
}

/**
 * Bodies for a call: mostly from its schema, some anything-goes JSON, some with a wrong type in one field.
 */
export function bodiesFor(schema: StandardSchemaV1): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  const valid = json ? arbitraryOf(json) : fc.object();
  const fields = fieldsOf(json);
  const wrongField =
    fields.length > 0
      ? fc
          .tuple(valid, fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 }))
          .map(([body, field, value]) => (typeof body === 'object' && body !== null ? { ...body, [field]: value } : body))
      : valid;
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: wrongField, weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
  );
}
