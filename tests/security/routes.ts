/**
 * Every route of the API, read from the OpenAPI description the server builds from its own route
 * schemas, so a route added later is attacked too without editing this suite.
 */

import { EVENTS_PATH } from '../../src/domain/live.ts';
import type { TestApp } from '../support/testApp.ts';

/** A field of an operation as its schema describes it (JSON Schema, as OpenAPI writes it). */
export interface FieldSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  properties?: Record<string, FieldSchema>;
}

export interface ApiField {
  name: string;
  in: 'path' | 'query' | 'body';
  schema: FieldSchema;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As OpenAPI writes it, without the /api prefix: `rooms/showRoom/{title}`. */
  path: string;
  params: string[];
  /** Whether the body is a multipart form (an image form), as its requestBody says. */
  multipart: boolean;
  /** The content type of the documented body, or null for an operation that reads none. */
  body: 'application/json' | 'multipart/form-data' | null;
  /** Path and query parameters, the body's properties (a form's text fields). */
  fields: ApiField[];
  /** The file part of a form, or null. */
  file: string | null;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: FieldSchema }[];
  requestBody?: { content: Record<string, { schema: FieldSchema }> };
}

/** The properties of a body schema, of every branch of a choice (auth/signin: e-mail or username). */
const propertiesOf = (schema: FieldSchema): [string, FieldSchema][] =>
  (schema.anyOf ?? [schema]).flatMap((branch) => Object.entries(branch.properties ?? {}));

export async function apiRoutes(t: TestApp): Promise<ApiRoute[]> {
  const { paths } = (await t.client().get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  // The live stream never ends, and inject() waits for the end of an answer: its refusals, privacy
  // and anonymity are checked over real HTTP in tests/server/live.test.ts.
  const answering = Object.entries(paths).filter(([path]) => path !== EVENTS_PATH);
  return answering.flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const [type, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const properties = media ? propertiesOf(media.schema) : [];
      const file = properties.find(([, schema]) => schema.format === 'binary')?.[0] ?? null;
      const fields: ApiField[] = [
        ...(operation.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in === 'path' ? ('path' as const) : ('query' as const),
          schema: p.schema ?? {},
        })),
        ...properties
          .filter(([name], i) => name !== file && properties.findIndex(([n]) => n === name) === i)
          .map(([name, schema]) => ({ name, in: 'body' as const, schema })),
      ];
      return {
        method: method.toUpperCase() as ApiRoute['method'],
        path: path.replace(/^\/api\//, ''),
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        multipart: type === 'multipart/form-data',
        body: (type ?? null) as ApiRoute['body'],
        fields,
        file,
      };
    }),
  );
}

export const isStateChanging = (route: ApiRoute) => route.method !== 'GET';

/** The route's path with each `{param}` replaced by `values[param]`, URL-encoded. */
export function pathOf(route: ApiRoute, values: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
