/**
 * Response bodies through Fastify's compiled serializer: each route's zod response schema becomes a
 * JSON Schema once, at start-up, and fast-json-stringify compiles it into a function that writes the
 * declared fields and nothing else (an object's undeclared fields never reach the client, as with
 * zod's encode). A schema whose JSON Schema would say less than zod (a transform, a custom
 * refinement, a type JSON has no word for) keeps zod's encoder, for that route and status only.
 *
 * zod's encode also refused a body that broke its schema (a 500); the compiled serializer trusts the
 * route and writes the declared fields (a missing required one still throws, a 500).
 */

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchema = z.core.$ZodType;
type JsonSchema = Record<string, unknown>;

/** Kinds of zod schema whose output the JSON Schema below states in full. */
const PLAIN_KINDS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'any',
  'unknown',
  'date',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'enum',
  'literal',
  'nullable',
  'optional',
  'readonly',
]);

/** Checks of zod's that only validate (a length, a bound, a format): they never change the output. */
const BUILT_IN_CHECKS = new Set([
  'less_than',
  'greater_than',
  'multiple_of',
  'number_format',
  'max_size',
  'min_size',
  'size_equals',
  'max_length',
  'min_length',
  'length_equals',
  'string_format',
]);

/**
 * Why `schema` cannot be written by a compiled serializer with the output zod would give, or null
 * when it can: a transform, pipe, default, custom refinement or non-JSON type anywhere in it.
 */
export function compiledUnfitness(schema: ZodSchema, seen = new Set<ZodSchema>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (!PLAIN_KINDS.has(def.type)) return def.type;
  for (const check of def.checks ?? []) {
    const kind = (check._zod.def as { check: string }).check;
    if (!BUILT_IN_CHECKS.has(kind)) return `${kind} check`;
  }
  if (def.type === 'record' && (def.keyType as ZodSchema)._zod.def.type !== 'string') return 'record key';
  if (def.type === 'object' && def.catchall) return 'catchall';
  const children: ZodSchema[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, ZodSchema>));
  if (def.type === 'array') children.push(def.element as ZodSchema);
  if (def.type === 'tuple')
    children.push(...(def.items as ZodSchema[]), ...(def.rest ? [def.rest as ZodSchema] : []));
  if (def.type === 'record') children.push(def.valueType as ZodSchema);
  if (def.type === 'union') children.push(...(def.options as ZodSchema[]));
  if (def.type === 'nullable' || def.type === 'optional' || def.type === 'readonly') {
    children.push(def.innerType as ZodSchema);
  }
  for (const child of children) {
    // Optional means something in an object only: JSON.stringify writes an array's undefined as null.
    if (def.type !== 'object' && child._zod.def.type === 'optional') return `optional in ${def.type}`;
    const reason = compiledUnfitness(child, seen);
    if (reason) return reason;
  }
  return null;
}

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ type, const }` of a primitive: a literal. */
const literalOf = (schema: unknown) =>
  isObject(schema) && typeof schema.type === 'string' && 'const' in schema && Object.keys(schema).length === 2
    ? { type: schema.type, value: schema.const }
    : null;

/**
 * zod's JSON Schema made cheap for fast-json-stringify, writing the same output:
 * - a nullable (`type: [T, 'null']`, `anyOf: [X, { type: 'null' }]`) becomes T or X with
 *   `nullable: true`: one null check, where an `anyOf` would validate the value against each branch
 *   with Ajv on every write;
 * - a union of literals of one type (`myVote`: 1, -1 or 0) becomes that type with an `enum`;
 * - `additionalProperties: false` goes: the serializer writes only declared properties anyway, and
 *   Ajv, choosing a union's branch, would otherwise refuse an object with undeclared fields, where
 *   zod's union strips them.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === '$schema') continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, simplify(child)]),
      );
    } else {
      out[key] = simplify(value);
    }
  }
  if (Array.isArray(out.type) && out.type.length === 2 && out.type.includes('null')) {
    return { ...out, type: out.type.find((type) => type !== 'null'), nullable: true };
  }
  const anyOf = out.anyOf;
  if (!Array.isArray(anyOf)) return out;
  const isNull = (branch: unknown) =>
    isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
  const others = anyOf.filter((branch) => !isNull(branch));
  const nullable = others.length < anyOf.length;
  const literals = others.map(literalOf);
  const rest = { ...out };
  delete rest.anyOf;
  if (literals.length > 0 && literals.every((literal) => literal && literal.type === literals[0]?.type)) {
    const values = literals.map((literal) => literal?.value);
    return {
      ...rest,
      type: literals[0]?.type,
      enum: nullable ? [...values, null] : values,
      ...(nullable && { nullable }),
    };
  }
  const [only] = others;
  if (
    nullable &&
    others.length === 1 &&
    isObject(only) &&
    typeof only.type === 'string' &&
    !('const' in only)
  ) {
    // Ajv, choosing a union's branch, reads `nullable` with an `enum` only if the enum has null.
    return {
      ...rest,
      ...only,
      ...(Array.isArray(only.enum) && { enum: [...only.enum, null] }),
      nullable: true,
    };
  }
  return out;
}

/**
 * The JSON Schema of what `schema` writes (zod's output side), as fast-json-stringify reads it: dates
 * as ISO date-time strings (JSON.stringify's `toJSON`), draft-07.
 */
export function serializationSchema(schema: ZodSchema): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    // Dates only: every other kind zod cannot state is refused by compiledUnfitness first.
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  });
  return simplify(json) as JsonSchema;
}

export interface ResponseSerializers {
  compiler: FastifySerializerCompiler<ZodSchema | { properties: ZodSchema }>;
  /** `METHOD url status: reason` of each response written by zod's encoder instead. */
  readonly fallbacks: readonly string[];
}

const zodSerializer = createSerializerCompiler();

/**
 * The app's serializer compiler: compiled where the schema allows it, zod's encoder where not. One
 * function per schema, however many routes and statuses share it (`{ msg }` answers most refusals).
 */
export function createResponseSerializers(): ResponseSerializers {
  const fallbacks: string[] = [];
  const compiled = new WeakMap<ZodSchema, (data: unknown) => string>();
  const compiler: ResponseSerializers['compiler'] = (route) => {
    const { schema: declared, method, url, httpStatus } = route;
    const schema = declared instanceof z.core.$ZodType ? declared : declared.properties;
    const reason = compiledUnfitness(schema);
    if (reason) {
      fallbacks.push(`${method} ${url} ${httpStatus}: ${reason}`);
      return zodSerializer(route);
    }
    let serialize = compiled.get(schema);
    if (!serialize) {
      serialize = fastJson(serializationSchema(schema));
      compiled.set(schema, serialize);
    }
    return serialize;
  };
  return { compiler, fallbacks };
}
