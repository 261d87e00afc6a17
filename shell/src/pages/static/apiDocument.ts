import { DEVELOPMENT_ONLY_EXTENSION, SSE_EVENTS_EXTENSION } from '@val/contracts/routes';

/*
 * What the /api page reads from the OpenAPI document (GET /api/openapi.json): operations grouped
 * by tag, and each schema as a list of fields with a short type. Plain JSON walking, no schema
 * library, so the page stays light.
 */

/** A JSON Schema or any other part of the document. */
export type Json = { [key: string]: unknown };

export interface ApiField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  /** Fields of an object (or of the objects of an array), one level down. */
  fields?: ApiField[];
}

export interface ApiParameter {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface ApiAnswer {
  status: string;
  description: string;
  /** Media types of the answer's body, if any. */
  mediaTypes: string[];
  /** Name of the body's schema (a component), if it has one. */
  schemaName?: string;
  fields?: ApiField[];
  /** Server-Sent Events: each event's name and the fields of its data. */
  events?: Array<{ name: string; fields: ApiField[] }>;
  /** Response headers, e.g. Retry-After or Location. */
  headers: string[];
}

export interface ApiOperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  adminOnly: boolean;
  adminInProduction: boolean;
  developmentOnly: boolean;
  parameters: ApiParameter[];
  body?: { mediaTypes: string[]; schemaName?: string; fields: ApiField[]; example?: unknown };
  success: ApiAnswer[];
  errors: ApiAnswer[];
}

export interface ApiGroupView {
  id: string;
  name: string;
  description?: string;
  operations: ApiOperationView[];
}

export interface ApiDocumentView {
  title: string;
  version: string;
  description?: string;
  groups: ApiGroupView[];
  /** The fields of the error body every error answer carries. */
  errorFields: ApiField[];
  operationCount: number;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MAX_DEPTH = 3;

const refName = (s: Json): string | undefined => (typeof s.$ref === 'string' ? s.$ref.split('/').pop() : undefined);

/** A slug for an anchor: "Paid flow" → "paid-flow". */
export const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Follows `$ref`s into components.schemas (cycles stop at the name). */
function resolve(doc: Json, s: unknown, seen: ReadonlySet<string> = new Set()): Json {
  let cur = (s ?? {}) as Json;
  const visited = new Set(seen);
  for (let i = 0; i < 10; i++) {
    const name = refName(cur);
    if (!name || visited.has(name)) break;
    visited.add(name);
    cur = (((doc.components as Json | undefined)?.schemas as Json | undefined)?.[name] ?? {}) as Json;
  }
  return cur;
}

const quote = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/** A short type: `string ≤ 4000`, `"logo" | "button"`, `integer 1–6`, `array of object`. */
export function typeOf(doc: Json, raw: unknown): string {
  const name = refName((raw ?? {}) as Json);
  const s = resolve(doc, raw);
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return variants.map((v) => typeOf(doc, v)).join(' or ');
  if (Array.isArray(s.enum)) {
    const values = s.enum.slice(0, 8).map(quote);
    return s.enum.length > 8 ? `${values.join(' | ')} | …` : values.join(' | ');
  }
  if (s.const !== undefined) return quote(s.const);
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : name ? name : 'any';
  const bits: string[] = [];
  if (type === 'string') {
    if (typeof s.format === 'string') bits.push(s.format);
    if (typeof s.minLength === 'number' && s.minLength > 0 && typeof s.maxLength === 'number') bits.push(`${s.minLength}–${s.maxLength} chars`);
    else if (typeof s.maxLength === 'number') bits.push(`≤ ${s.maxLength} chars`);
    else if (typeof s.minLength === 'number' && s.minLength > 0) bits.push(`≥ ${s.minLength} chars`);
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof s.minimum === 'number' ? s.minimum : undefined;
    const max = typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined;
    if (min !== undefined && max !== undefined) bits.push(`${min}–${max}`);
    else if (min !== undefined) bits.push(`≥ ${min}`);
    else if (max !== undefined) bits.push(`≤ ${max}`);
  }
  if (type === 'array') {
    const item = typeOf(doc, s.items);
    const max = typeof s.maxItems === 'number' ? `, ≤ ${s.maxItems}` : '';
    return `array of ${item}${max}`;
  }
  if (type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
    return `object of ${typeOf(doc, s.additionalProperties)}`;
  }
  if (type === 'object' && name) return name;
  return bits.length ? `${type} (${bits.join(', ')})` : type;
}

/** The fields of an object schema (or of an array's objects), nested objects one level down each. */
export function fieldsOf(doc: Json, raw: unknown, depth = 0): ApiField[] {
  const s = resolve(doc, raw);
  if (s.type === 'array') return fieldsOf(doc, s.items, depth);
  const props = s.properties as Record<string, Json> | undefined;
  if (!props) return [];
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, p]) => {
    const inner = resolve(doc, p);
    const nested =
      depth < MAX_DEPTH && (inner.properties || (inner.type === 'array' && resolve(doc, inner.items).properties)) ? fieldsOf(doc, inner, depth + 1) : undefined;
    const description = (typeof p.description === 'string' ? p.description : typeof inner.description === 'string' ? inner.description : undefined) as
      string | undefined;
    return { name, type: typeOf(doc, p), required: required.has(name), description, ...(nested?.length ? { fields: nested } : {}) };
  });
}

function answer(doc: Json, status: string, raw: Json): ApiAnswer {
  const content = (raw.content ?? {}) as Record<string, Json>;
  const mediaTypes = Object.keys(content);
  const json = content['application/json']?.schema as Json | undefined;
  const events = raw[SSE_EVENTS_EXTENSION] as Record<string, Json> | undefined;
  return {
    status,
    description: String(raw.description ?? ''),
    mediaTypes,
    ...(json ? { schemaName: refName(json), fields: fieldsOf(doc, json) } : {}),
    ...(events ? { events: Object.entries(events).map(([name, s]) => ({ name, fields: fieldsOf(doc, s) })) } : {}),
    headers: Object.keys((raw.headers ?? {}) as Json),
  };
}

/** The document as the /api page shows it. */
export function viewOf(doc: Json): ApiDocumentView {
  const info = (doc.info ?? {}) as Json;
  const tags = ((doc.tags ?? []) as Json[]).map((t) => ({ name: String(t.name), description: t.description as string | undefined }));
  const groups = new Map<string, ApiGroupView>(tags.map((t) => [t.name, { id: slug(t.name), name: t.name, description: t.description, operations: [] }]));
  let count = 0;
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      if (!op) continue;
      count += 1;
      const security = (op.security ?? []) as Json[];
      const params = ((op.parameters ?? []) as Json[]).map((p) => ({
        name: String(p.name),
        in: String(p.in),
        type: typeOf(doc, p.schema),
        required: Boolean(p.required),
        description: p.description as string | undefined,
      }));
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const bodySchema = (body?.['application/json'] ?? Object.values(body ?? {})[0])?.schema as Json | undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]) => answer(doc, status, r));
      const view: ApiOperationView = {
        id: String(op.operationId ?? `${m} ${path}`),
        method: m.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        description: op.description as string | undefined,
        adminOnly: security.length > 0 && security.every((s) => Object.keys(s).length > 0),
        adminInProduction: security.some((s) => Object.keys(s).length === 0) && security.some((s) => Object.keys(s).length > 0),
        developmentOnly: op[DEVELOPMENT_ONLY_EXTENSION] === true,
        parameters: params,
        ...(body
          ? {
              body: {
                mediaTypes: Object.keys(body),
                schemaName: bodySchema ? refName(bodySchema) : undefined,
                fields: fieldsOf(doc, bodySchema),
                example: body['application/json']?.example,
              },
            }
          : {}),
        success: responses.filter((r) => /^[23]/.test(r.status)),
        errors: responses.filter((r) => /^[45]/.test(r.status)),
      };
      const tag = String(((op.tags ?? []) as unknown[])[0] ?? 'Other');
      if (!groups.has(tag)) groups.set(tag, { id: slug(tag), name: tag, operations: [] });
      groups.get(tag)!.operations.push(view);
    }
  }
  const errorBody = (((doc.components as Json | undefined)?.schemas as Json | undefined)?.ErrorBody ?? {}) as Json;
  return {
    title: String(info.title ?? 'API'),
    version: String(info.version ?? ''),
    description: info.description as string | undefined,
    groups: [...groups.values()].filter((g) => g.operations.length),
    errorFields: fieldsOf(doc, errorBody),
    operationCount: count,
  };
}
