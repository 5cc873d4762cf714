/**
 * Every route of the API, read from the OpenAPI description the server builds from its own route
 * schemas, so a route added later is attacked too without editing this suite.
 */
import type { TestApp } from '../support/testApp.ts';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As OpenAPI writes it, without the /api prefix: `rooms/showRoom/{title}`. */
  path: string;
  params: string[];
  multipart: boolean;
}

interface OpenApiOperation {
  /** Multipart routes say so here: their bodies are read by @fastify/multipart, not by a schema. */
  description?: string;
}

export async function apiRoutes(t: TestApp): Promise<ApiRoute[]> {
  const { paths } = (await t.client().get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as ApiRoute['method'],
      path: path.replace(/^\/api\//, ''),
      params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
      multipart: operation.description?.startsWith('multipart/form-data') ?? false,
    })),
  );
}

export const isStateChanging = (route: ApiRoute) => route.method !== 'GET';

/** The route's path with each `{param}` replaced by `values[param]`, URL-encoded. */
export function pathOf(route: ApiRoute, values: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
