import { z } from 'zod';
import '../zodConfig';
import { apiErrorBodySchema } from '../errors.schema';
import { API_OPERATION_IDS, API_ROUTES, DEVELOPMENT_ONLY_EXTENSION, pathParamNames, SSE_EVENTS_EXTENSION, type ApiOperationId } from '../routes';
import { customerPersonaSchema, simValidationDataSchema, simulationMonthSchema } from '../simulation.schema';
import { API_OPERATIONS, API_TAGS, ERROR_STATUS_TEXT, type ErrorStatus, type OperationSpec } from './operations';

/** A JSON Schema / OpenAPI object as plain JSON. */
export type JsonObject = { [key: string]: unknown };

/** Options of the generated document (what differs between deployments). */
export interface OpenApiDocumentOptions {
  /** `info.version`. */
  version?: string;
  /** The server's public origin (`servers[0].url`); default `/` (the origin that served it). */
  serverUrl?: string;
  /** The admin session cookie's name (`__Secure-val.admin` in production). */
  adminCookie?: string;
  /** Production leaves out the development-only operations, as the server does. */
  production?: boolean;
}

const ERROR_BODY = 'ErrorBody';
/** Request sub-schemas worth a name of their own (shared by several bodies). */
const SHARED_INPUTS: ReadonlyArray<[z.ZodType, string]> = [
  [simValidationDataSchema, 'ValidationData'],
  [customerPersonaSchema, 'CustomerPersonaInput'],
  [simulationMonthSchema, 'SimulationMonthInput'],
];

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
/** Component names by schema, filled as the components are built (a schema shared under two names keeps the first). */
type Names = Map<z.ZodType, string>;
/** Request and answer components are apart: one schema may be both (input and output differ). */
interface AllNames {
  req: Names;
  res: Names;
}
const refTo = (names: Names, schema: z.ZodType, fallback: string): JsonObject => ref(names.get(schema) ?? fallback);
const pascal = (s: string) => s.replace(/(^|[-_ ])([a-z])/g, (_, __, c: string) => c.toUpperCase());
/** The component name of one event of a stream: `ValidateStream` + `delta` → `ValidateStreamDelta`. */
export const sseEventComponent = (eventsName: string, event: string): string => `${eventsName}${pascal(event)}`;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/**
 * Named schemas → JSON Schemas with `$ref`s between them (zod 4's own converter). Requests are
 * described as the server accepts them (`io: input`: defaults make a field optional), answers as
 * the server sends them (`io: output`: every field it always sends is required, and no other).
 */
function components(entries: ReadonlyArray<[z.ZodType, string]>, io: 'input' | 'output', names: Map<z.ZodType, string>): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  const byName = new Map<string, z.ZodType>();
  for (const [schema, id] of entries) {
    const known = byName.get(id);
    if (known && known !== schema) throw new Error(`Two different schemas are both named ${id} in the OpenAPI document`);
    byName.set(id, schema);
    if (registry.has(schema)) continue; // one schema, one component: the first name given to it
    registry.add(schema, { id });
    names.set(schema, id);
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonObject> };
  const out: Record<string, JsonObject> = {};
  for (const [name, s] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s;
    out[name] = rest;
  }
  return out;
}

/** An object schema's properties as OpenAPI parameters (`in: query` or `in: path`). */
function parameters(schema: z.ZodType, where: 'query' | 'path'): JsonObject[] {
  const js = jsonSchemaOf(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => {
    const { description, examples, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(Array.isArray(examples) && examples.length ? { example: examples[0] } : {}),
    };
  });
}

const retryAfter = (required: boolean): JsonObject => ({
  description: 'Seconds to wait before trying again.',
  required,
  schema: { type: 'integer', minimum: 1 },
});

function errorResponse(status: ErrorStatus, op: OperationSpec): JsonObject {
  const content: JsonObject = { 'application/json': { schema: ref(ERROR_BODY) } };
  if (op.htmlErrors && status < 500)
    content['text/html'] = { schema: { type: 'string', description: 'The same message as a page, when a browser navigated here' } };
  const headers = status === 429 ? { 'Retry-After': retryAfter(true) } : status === 503 ? { 'Retry-After': retryAfter(false) } : undefined;
  return { description: ERROR_STATUS_TEXT[status], ...(headers ? { headers } : {}), content };
}

function successResponse(op: OperationSpec, all: AllNames): JsonObject {
  const names = all.res;
  const s = op.success;
  switch (s.kind) {
    case 'json':
      return {
        description: s.description,
        ...(s.setsCookie ? { headers: { 'Set-Cookie': { description: 'The session cookie.', required: true, schema: { type: 'string' } } } } : {}),
        content: { 'application/json': { schema: refTo(names, s.schema, s.name) } },
      };
    case 'sse': {
      const events = Object.keys(s.events);
      return {
        description: `${s.description} Each event's \`data\` is one JSON object; its schema per event is in ${SSE_EVENTS_EXTENSION}.`,
        content: {
          'text/event-stream': {
            schema: { type: 'string', description: `Server-Sent Events: ${events.join(', ')}` },
          },
        },
        [SSE_EVENTS_EXTENSION]: Object.fromEntries(events.map((e) => [e, refTo(names, s.events[e], sseEventComponent(s.eventsName, e))])),
      };
    }
    case 'pdf':
      return {
        description: s.description,
        headers: { 'Content-Disposition': { description: 'attachment; filename="…pdf"', required: true, schema: { type: 'string' } } },
        content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
      };
    case 'empty':
      return { description: s.description };
    case 'redirect':
      return {
        description: s.description,
        headers: { Location: { description: 'Where the browser goes next.', required: true, schema: { type: 'string' } } },
      };
  }
}

function operationObject(id: ApiOperationId, op: OperationSpec, names: AllNames): JsonObject {
  const route = API_ROUTES[id];
  const params: JsonObject[] = [];
  if (op.path) params.push(...parameters(op.path, 'path'));
  const declared = params.map((p) => p.name);
  const expected = pathParamNames(route.path);
  if (declared.join() !== expected.join()) throw new Error(`${id}: path parameters ${declared.join()} do not match ${route.path}`);
  if (op.query) params.push(...parameters(op.query, 'query'));
  for (const h of op.headers ?? []) {
    const { examples, ...schema } = jsonSchemaOf(h.schema, 'input');
    params.push({
      name: h.name,
      in: 'header',
      required: h.required,
      description: h.description,
      schema,
      ...(Array.isArray(examples) && examples.length ? { example: examples[0] } : {}),
    });
  }

  const responses: Record<string, JsonObject> = { [String(op.success.status)]: successResponse(op, names) };
  const statuses = [...new Set<ErrorStatus>([...op.errors, 500, 503])].sort((a, b) => a - b);
  for (const status of statuses) {
    responses[String(status)] =
      status === 503 && op.unavailableWithSuccessBody && op.success.kind === 'json'
        ? { description: op.unavailableWithSuccessBody, content: { 'application/json': { schema: refTo(names.res, op.success.schema, op.success.name) } } }
        : errorResponse(status, op);
  }

  const notes: string[] = [];
  if (op.developmentOnly) notes.push('Only outside production.');
  if (op.security === 'admin-in-production') notes.push('In production it needs the admin session.');
  const description = [op.description, ...notes].filter(Boolean).join(' ');

  return {
    operationId: id,
    summary: op.summary,
    ...(description ? { description } : {}),
    tags: [op.tag],
    security: op.security === 'admin' ? [{ adminSession: [] }] : op.security === 'admin-in-production' ? [{}, { adminSession: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            content: {
              'application/json': { schema: refTo(names.req, op.body.schema, op.body.name), example: op.body.example },
              ...(op.body.form ? { 'application/x-www-form-urlencoded': { schema: refTo(names.req, op.body.schema, op.body.name) } } : {}),
            },
          },
        }
      : {}),
    responses,
    ...(op.developmentOnly ? { [DEVELOPMENT_ONLY_EXTENSION]: true } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of Val's API, generated from API_ROUTES and API_OPERATIONS (the zod
 * schemas the server parses with, converted by zod 4's own `z.toJSONSchema`). Never written by
 * hand: a route the server mounts and this document must agree, which the BFF's tests check both
 * ways.
 */
export function buildOpenApiDocument(opts: OpenApiDocumentOptions = {}): JsonObject {
  const ops = API_OPERATIONS as Record<ApiOperationId, OperationSpec>;
  const ids = API_OPERATION_IDS.filter((id) => !(opts.production && ops[id].developmentOnly));

  const inputs: Array<[z.ZodType, string]> = [...SHARED_INPUTS];
  const outputs: Array<[z.ZodType, string]> = [[apiErrorBodySchema, ERROR_BODY]];
  for (const id of ids) {
    const op = ops[id];
    if (op.body) inputs.push([op.body.schema, op.body.name]);
    const s = op.success;
    if (s.kind === 'json') outputs.push([s.schema, s.name]);
    if (s.kind === 'sse') for (const [event, schema] of Object.entries(s.events)) outputs.push([schema, sseEventComponent(s.eventsName, event)]);
  }
  const names: AllNames = { req: new Map(), res: new Map() };
  const requestSchemas = components(inputs, 'input', names.req);
  const responseSchemas = components(outputs, 'output', names.res);
  for (const name of Object.keys(requestSchemas)) {
    if (name in responseSchemas) throw new Error(`${name} names both a request and an answer schema`);
  }

  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const id of ids) {
    const { method, path } = API_ROUTES[id];
    (paths[path] ??= {})[method.toLowerCase()] = operationObject(id, ops[id], names);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Val API',
      version: opts.version ?? '0.1.0',
      summary: 'Validate a startup idea with an AI mentor',
      description:
        'The HTTP API every screen of Val runs on. Bodies are JSON unless noted. Errors are `{"error": {"code", "message"}}` with a stable code; ' +
        'a bad body is a 400 whose message names the field. Routes that cost money or store data are rate-limited per address (429 with Retry-After). ' +
        'The free routes need no key or account; the admin routes need the admin session cookie.',
    },
    servers: [{ url: opts.serverUrl ?? '/', description: 'This Val server' }],
    tags: API_TAGS.map((t) => ({ name: t.name, description: t.description })),
    paths,
    components: {
      schemas: { ...requestSchemas, ...responseSchemas },
      securitySchemes: {
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: opts.adminCookie ?? 'val.admin',
          description: 'The admin session: a signed, HttpOnly cookie set by POST /api/admin/login (its signature travels in a second cookie, `<name>.sig`).',
        },
      },
    },
  };
}
