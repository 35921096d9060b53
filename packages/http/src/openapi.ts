import { ErrorBody } from '@spanhouse/schema';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type Schema = v.GenericSchema;

/** A response of an endpoint: JSON with its schema, or another content type described in words. */
export type EndpointResponse = {
  description: string;
  /** The JSON body's schema (what the service returns: its output type). */
  json?: Schema;
  /** Other bodies by content type, e.g. `{ 'application/x-protobuf': 'an ExportTraceServiceResponse' }`. */
  other?: Record<string, string>;
};

/**
 * One endpoint of the OpenAPI document. The schemas are the valibot schemas the route validates
 * with and the wire types its answers follow (packages/schema), so the document cannot drift from
 * what the code accepts. Every endpoint also answers errors with ErrorBody (added for you).
 */
export type Endpoint = {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** As registered in Hono: `/api/public/traces/:traceId`. */
  path: string;
  summary: string;
  /** Groups the endpoint in the document: `traces`, `metrics`, `usage`, `ingest`, `operations`, ... */
  tag: string;
  /**
   * `none`; `bearer` (API_BEARER_TOKEN: the admin); `bearer-or-basic` (also a project's key pair).
   * Every authenticated endpoint takes the Spanhouse-Project header (docs/projects.md).
   */
  auth: 'none' | 'bearer' | 'bearer-or-basic';
  /** Query parameters: an object schema whose entries are the parameters (as received: strings). */
  query?: Schema;
  /** Path parameters, by name. */
  params?: Record<string, Schema>;
  /** Request body: JSON with its schema and/or other content types described in words. */
  body?: { json?: Schema; other?: Record<string, string> };
  /** Responses other than errors, by status. */
  responses: Record<number, EndpointResponse>;
};

const endpointsOf = new WeakMap<object, Endpoint[]>();

/**
 * Adds endpoints to the OpenAPI document `app` serves at GET /openapi.json. Call it beside the
 * `app.route(...)` that mounts their handlers; the OpenAPI test fails for a route without an
 * entry and for an entry without a route.
 */
export function describeEndpoints(app: object, endpoints: readonly Endpoint[]): void {
  const list = endpointsOf.get(app) ?? [];
  list.push(...endpoints);
  endpointsOf.set(app, list);
}

/**
 * Mounts a resource's routes on `app` and adds their OpenAPI entries: the one step that adds
 * endpoints to a service. `routes` is the resource's Hono sub-app, `endpoints` its entries.
 */
export function mountRoutes<A extends { route(path: string, app: R): unknown }, R>(
  app: A,
  routes: R,
  endpoints: readonly Endpoint[],
): void {
  app.route('/', routes);
  describeEndpoints(app, endpoints);
}

/** The endpoints described for `app` so far. */
export const describedEndpoints = (app: object): readonly Endpoint[] => endpointsOf.get(app) ?? [];

/**
 * A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Requests are described by the
 * whole pipe of each schema (the converter's `input` mode would stop at the first nested schema,
 * dropping e.g. a picklist's values); responses by their output type. Checks and transforms
 * without a JSON Schema form are left out: the document shows the shape, the service's validation
 * stays the authority on the rules.
 */
function jsonSchema(schema: Schema, direction: 'request' | 'response'): JsonSchema {
  const typeMode = direction === 'request' ? 'ignore' : 'output';
  const { $schema: _, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' });
  return rest;
}

/** `/api/public/traces/:traceId` to `/api/public/traces/{traceId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const SECURITY: Record<Endpoint['auth'], object[]> = {
  none: [],
  bearer: [{ bearer: [] }],
  'bearer-or-basic': [{ bearer: [] }, { basic: [] }],
};

function content(
  json: Schema | undefined,
  other: Record<string, string> | undefined,
  direction: 'request' | 'response',
) {
  const out: Record<string, object> = {};
  if (json) out['application/json'] = { schema: jsonSchema(json, direction) };
  for (const [type, description] of Object.entries(other ?? {}))
    out[type] = { schema: { type: 'string', description, ...(type.startsWith('text/') ? {} : { format: 'binary' }) } };
  return out;
}

/** The project the admin acts on (a project's key may name its own project only). */
const PROJECT_HEADER_PARAMETER = {
  name: 'Spanhouse-Project',
  in: 'header',
  required: false,
  description: 'The project the bearer token acts on (default: the default project); docs/projects.md',
  schema: { type: 'string' },
};

function parameters(e: Endpoint): object[] {
  const out: object[] = e.auth === 'none' ? [] : [PROJECT_HEADER_PARAMETER];
  for (const [name, schema] of Object.entries(e.params ?? {}))
    out.push({ name, in: 'path', required: true, schema: jsonSchema(schema, 'request') });
  if (e.query) {
    const query = jsonSchema(e.query, 'request') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      out.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  return out;
}

function operation(e: Endpoint): object {
  const responses: Record<string, object> = {};
  for (const [status, r] of Object.entries(e.responses)) {
    const body = content(r.json, r.other, 'response');
    responses[status] = Object.keys(body).length ? { description: r.description, content: body } : r;
  }
  responses.default = {
    description: 'An error: {message, code, data: null} (docs/api.md, Errors)',
    content: { 'application/json': { schema: jsonSchema(ErrorBody, 'response') } },
  };
  return {
    summary: e.summary,
    tags: [e.tag],
    security: SECURITY[e.auth],
    ...(e.params || e.query || e.auth !== 'none' ? { parameters: parameters(e) } : {}),
    ...(e.body ? { requestBody: { required: true, content: content(e.body.json, e.body.other, 'request') } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of `endpoints`. */
export function openApiDocument(endpoints: readonly Endpoint[], info: { title: string; version: string }): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const e of endpoints) {
    const path = openApiPath(e.path);
    paths[path] ??= {};
    if (paths[path][e.method]) throw new Error(`two OpenAPI entries for ${e.method.toUpperCase()} ${e.path}`);
    paths[path][e.method] = operation(e);
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: 'Self-hosted LLM traces and time-series metrics. Rules and defaults: docs/api.md.' },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'API_BEARER_TOKEN: the admin' },
        basic: {
          type: 'http',
          scheme: 'basic',
          description: "A project's key pair, publicKey:secretKey (PUBLIC_KEY:SECRET_KEY: the default project's)",
        },
      },
    },
  };
}

/**
 * Routes of `app` without an OpenAPI entry, and entries without a route, as `GET /path/{param}`
 * (middleware registered for every method is not a route). Both empty when the document is whole.
 */
export function documentGaps(app: { routes: readonly { method: string; path: string }[] }): {
  undocumented: string[];
  unrouted: string[];
} {
  const key = (method: string, path: string) => `${method.toUpperCase()} ${openApiPath(path)}`;
  const routed = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => key(r.method, r.path)));
  const documented = new Set(describedEndpoints(app).map((e) => key(e.method, e.path)));
  return {
    undocumented: [...routed].filter((r) => !documented.has(r)).sort(),
    unrouted: [...documented].filter((d) => !routed.has(d)).sort(),
  };
}
