import { createGeneratorSync } from 'json-schema-faker';
// openapi-fuzzer-core ships no types: one function from a Swagger 2.0 document to request specs.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no types (see the line above)
const openapiFuzzer = require('openapi-fuzzer-core') as { swagger(doc: unknown): FuzzSpec[] };

/*
 * Requests generated from the OpenAPI document alone (not from our zod schemas), by two tools we
 * did not write:
 * - json-schema-faker (seeded) draws valid bodies, query and path values from each operation's
 *   JSON Schemas; each operation's documented example is sent too;
 * - openapi-fuzzer-core derives invalid ones: every body with a required property missing or a
 *   property of the wrong type, out-of-range numbers, wrong path and query values, unknown
 *   sub-paths and methods. It reads Swagger 2.0, so it gets a Swagger 2.0 view of the same
 *   document (requestBody → a body parameter, components → definitions).
 */

type Json = Record<string, unknown>;
interface FuzzSpec {
  name: string;
  request: { method: string; path: string; pathParams?: Record<string, unknown>; queryParams?: Record<string, unknown>; body?: unknown };
  expect: { status: number[] };
}

/** One request to send. */
export interface ApiCase {
  /** The operation it targets, or null for a path or method the document does not have. */
  operationId: string | null;
  /** `valid` conforms to the document; `invalid` does not (or targets no operation). */
  kind: 'valid' | 'invalid';
  /** Where it came from (for the summary). */
  source: 'example' | 'json-schema-faker' | 'openapi-fuzzer-core' | 'no-session' | 'transport';
  label: string;
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Needs the admin session cookie (added when sending). */
  admin: boolean;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  op: Json;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document. */
export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      if (op) out.push({ id: String(op.operationId), method: m.toUpperCase(), path, op });
    }
  }
  return out;
}

const needsAdmin = (op: Json) => Array.isArray(op.security) && op.security.length > 0 && op.security.every((s) => Object.keys(s as Json).length > 0);

function buildUrl(path: string, pathParams: Record<string, unknown>, query: Record<string, unknown>): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(String(pathParams[n] ?? 'x')));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = qs.toString();
  return s ? `${filled}?${s}` : filled;
}

/**
 * The cases for a document: per operation its example and `generatedPerOperation` seeded
 * json-schema-faker requests, every openapi-fuzzer-core case, and one request without the
 * session for each admin operation, and for each JSON body a text/plain one and one over the
 * size limit. `pathValues` and `exampleBodies` put real ids into the valid cases where the
 * document's own example would only find nothing.
 */
export function generateCases(
  doc: Json,
  opts: {
    seed: number;
    generatedPerOperation: number;
    /** Path and query values for the valid cases (e.g. a real report id), by parameter name. */
    pathValues?: Record<string, string>;
    /** Bodies of the example cases by operation id, where the document's example would only find nothing. */
    exampleBodies?: Record<string, unknown>;
    oversizeBytes?: number;
  },
): ApiCase[] {
  const components = doc.components as Json;
  const gen = createGeneratorSync({ seed: opts.seed, maxDefaultItems: 2, optionalsProbability: 0.5, maxDepth: 12, refDepthMax: 8 } as never);
  const fake = (schema: unknown): unknown => gen.generate({ ...(schema as Json), components } as never);
  const cases: ApiCase[] = [];

  for (const o of operationsOf(doc)) {
    const params = (o.op.parameters as Json[] | undefined) ?? [];
    const body = (o.op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
    const jsonBody = body?.['application/json'];
    const admin = needsAdmin(o.op);
    const valid = (source: ApiCase['source'], label: string, example: boolean): ApiCase => {
      const pathValues: Record<string, unknown> = {};
      const query: Record<string, unknown> = {};
      const headers: Record<string, string> = {};
      for (const p of params) {
        const name = String(p.name);
        if (p.in === 'path') pathValues[name] = opts.pathValues?.[name] ?? (example && p.example !== undefined ? p.example : fake(p.schema));
        else if (p.in === 'query' && (p.required || !example))
          query[name] =
            example && opts.pathValues?.[name] !== undefined ? opts.pathValues[name] : example && p.example !== undefined ? p.example : fake(p.schema);
        else if (p.in === 'header' && p.required) headers[name] = String(example && p.example !== undefined ? p.example : fake(p.schema));
      }
      const c: ApiCase = { operationId: o.id, kind: 'valid', source, label, method: o.method, url: buildUrl(o.path, pathValues, query), headers, admin };
      if (jsonBody) {
        c.headers['content-type'] = 'application/json';
        const documented = opts.exampleBodies?.[o.id] ?? jsonBody.example;
        c.body = JSON.stringify(example && documented !== undefined ? documented : fake(jsonBody.schema));
      }
      return c;
    };
    cases.push(valid('example', 'documented example', true));
    for (let i = 0; i < opts.generatedPerOperation; i++) cases.push(valid('json-schema-faker', `generated #${i + 1}`, false));
    if (admin) cases.push({ ...valid('no-session', 'without the admin session', true), kind: 'invalid', admin: false });
    if (jsonBody) {
      // Our own two transport cases (the tools above only vary values): a body that is not JSON, one too large.
      const example = valid('example', '', true);
      cases.push({
        ...example,
        kind: 'invalid',
        source: 'transport',
        label: 'a text/plain body',
        headers: { ...example.headers, 'content-type': 'text/plain' },
      });
      cases.push({
        ...example,
        kind: 'invalid',
        source: 'transport',
        label: 'a body over the size limit',
        body: JSON.stringify({ padding: 'x'.repeat(opts.oversizeBytes ?? 110_000) }),
      });
    }
  }

  for (const spec of openapiFuzzer.swagger(toSwagger2(doc))) {
    const r = spec.request;
    const method = r.method.toUpperCase();
    const op = operationsOf(doc).find((o) => o.method === method && o.path === r.path) ?? null;
    const c: ApiCase = {
      operationId: op?.id ?? null,
      kind: 'invalid',
      source: 'openapi-fuzzer-core',
      label: spec.name,
      method,
      url: buildUrl(r.path, r.pathParams ?? {}, r.queryParams ?? {}),
      headers: {},
      admin: op ? needsAdmin(op.op) : false,
    };
    if (r.body !== undefined) {
      c.headers['content-type'] = 'application/json';
      c.body = JSON.stringify(r.body);
    } else if (method === 'POST' && op && (op.op.requestBody as Json | undefined)) {
      c.headers['content-type'] = 'application/json';
      c.body = '{}';
    }
    cases.push(c);
  }
  return cases;
}

/** The same document as Swagger 2.0, as far as openapi-fuzzer-core reads it. */
export function toSwagger2(doc: Json): Json {
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (!v || typeof v !== 'object') return v;
    const out: Json = {};
    for (const [k, x] of Object.entries(v as Json)) {
      if (k === '$ref' && typeof x === 'string') out[k] = x.replace('#/components/schemas/', '#/definitions/');
      else if (k === 'type' && Array.isArray(x)) out[k] = x.find((t) => t !== 'null') ?? 'string';
      else out[k] = rewrite(x);
    }
    return out;
  };
  const paths: Record<string, Json> = {};
  for (const o of operationsOf(doc)) {
    const parameters = ((o.op.parameters as Json[] | undefined) ?? [])
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => ({ name: p.name, in: p.in, required: p.required, ...(rewrite(p.schema) as Json) }));
    const schema = ((o.op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json']?.schema;
    if (schema) parameters.push({ name: 'body', in: 'body', required: true, schema: rewrite(schema) } as never);
    (paths[o.path] ??= {})[o.method.toLowerCase()] = { parameters, responses: {} };
  }
  return { swagger: '2.0', basePath: '', paths, definitions: rewrite((doc.components as Json).schemas) };
}
