import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { fillPath, isStateChanging, type DiscoveredRoute } from './routes';
import type { RouteSample } from './samples';

/** One request the fuzzer sends. */
export interface FuzzRequest {
  /** What kind of bad input it is, e.g. `json:wrong-type(email→number)` (shown on failure). */
  kind: string;
  method: string;
  /** Path with parameters filled, plus the query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData;
}

/** Strings that break naive code: control and format characters, RTL, emoji, markup, SQL, paths. */
export const NASTY_STRINGS: ReadonlyArray<string> = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\uFEFF',
  '\u202Egnp.exe',
  'مرحبا بالعالم \u200F',
  '\u200B\u200C\u200D\u2060',
  '👩🏽‍💻🚀🔥'.repeat(20),
  'Z̷̢̛̖̣̳̖͎̟̬͓̰̭̯̞̳͐̌̌̑̍̂̑̈́̄͜a̶l̷g̸o̶',
  '\uD800',
  '\uDFFF\uD800',
  '\r\n\r\nHTTP/1.1 200 OK\r\n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' -- ",
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(400),
  'x'.repeat(5000),
];

/** Values of every JSON type (and none), to put where a field of another type belongs. */
const WRONG_TYPES: ReadonlyArray<[string, unknown]> = [
  ['null', null],
  ['number', 12345],
  ['negative', -1.5],
  ['boolean', true],
  ['array', []],
  ['object', {}],
  ['empty-string', ''],
  ['nested-array', [[['x']]]],
];

/** A JSON text nested `depth` levels deep (arrays or objects). */
export function deepJson(depth: number, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Lone surrogates cannot be URL-encoded; replace them. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Flattens a sample into form fields (objects as JSON text, like a browser form would carry them). */
function formFields(body: Record<string, unknown>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) p.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return p;
}

const JSON_CT = 'application/json';
/** 20 MB of JSON whitespace, gzipped to a few KB: decompressed, it is far over any body limit. */
const GZIP_BOMB = new Uint8Array(gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20), { level: 9 }));
const FORM_CT = 'application/x-www-form-urlencoded';

interface Ctx {
  route: DiscoveredRoute;
  sample: RouteSample | undefined;
  /** Largest accepted body in bytes (BODY_LIMIT). */
  bodyLimit: number;
}

const urlOf = (c: Ctx, params?: Record<string, string>, query?: string) => {
  const path = fillPath(c.route.path, Object.fromEntries(Object.entries(params ?? c.sample?.params ?? {}).map(([k, v]) => [k, wellFormed(v)])));
  return query === undefined || query === '' ? path : `${path}?${query}`;
};

const jsonReq = (c: Ctx, kind: string, text: string, contentType = JSON_CT): FuzzRequest => ({
  kind,
  method: c.route.method,
  url: urlOf(c),
  headers: { 'content-type': contentType },
  body: text,
});

/** The sample as the route's own encoding (JSON, or a form for HTML-form routes). */
const sampleReq = (c: Ctx, kind: string, body: Record<string, unknown>): FuzzRequest =>
  c.sample?.form
    ? { kind, method: c.route.method, url: urlOf(c), headers: { 'content-type': FORM_CT }, body: formFields(body).toString() }
    : jsonReq(c, kind, JSON.stringify(body));

/** A string of `bytes` UTF-8 bytes (ASCII, or 4-byte emoji when `emoji`). */
const filler = (bytes: number, emoji = false) => (emoji ? '😀'.repeat(Math.max(1, Math.floor(bytes / 4))) : 'x'.repeat(Math.max(1, bytes)));

/**
 * The fixed part of the corpus for a route: the valid sample, then every field dropped, given
 * every wrong type, stuffed (near and over the body limit), nested deep; extra and prototype
 * keys; bodies of every JSON type; broken JSON; wrong and missing content types; bad encodings.
 * GET routes get the query and path-parameter equivalents.
 */
export function fixedCases(c: Ctx): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const sample = c.sample?.body ?? {};
  const fields = Object.keys(sample);
  const m = c.route.method;
  const junkParams = [
    '',
    '..',
    '%2e%2e%2f',
    'x'.repeat(1500),
    '😀',
    '\u0000',
    '<script>',
    'AbCdEfGhIjKlMnOpQrSt',
    'cs_test_' + 'A'.repeat(30),
    '-1',
    '9'.repeat(30),
  ];
  for (const name of c.route.params) {
    for (const v of junkParams) {
      out.push({
        kind: `param:${name}=${JSON.stringify(v.slice(0, 20))}`,
        method: m,
        url: urlOf(c, { ...(c.sample?.params ?? {}), [name]: v }, new URLSearchParams(c.sample?.query ?? {}).toString()),
        headers: {},
      });
    }
  }

  if (!isStateChanging(m)) {
    const q = c.sample?.query ?? {};
    out.push({ kind: 'query:sample', method: m, url: urlOf(c, undefined, new URLSearchParams(q).toString()), headers: {} });
    out.push({ kind: 'query:none', method: m, url: urlOf(c), headers: {} });
    for (const k of Object.keys(q)) {
      const rest = { ...q };
      delete rest[k];
      out.push({ kind: `query:drop(${k})`, method: m, url: urlOf(c, undefined, new URLSearchParams(rest).toString()), headers: {} });
      for (const v of NASTY_STRINGS.slice(0, 18)) {
        out.push({
          kind: `query:${k}=${JSON.stringify(v.slice(0, 16))}`,
          method: m,
          url: urlOf(c, undefined, new URLSearchParams({ ...q, [k]: wellFormed(v) }).toString()),
          headers: {},
        });
      }
      out.push({ kind: `query:${k}[]`, method: m, url: urlOf(c, undefined, `${new URLSearchParams(rest).toString()}&${k}=1&${k}=2&${k}[a]=3`), headers: {} });
      out.push({ kind: `query:${k}=huge`, method: m, url: urlOf(c, undefined, new URLSearchParams({ ...q, [k]: 'y'.repeat(6000) }).toString()), headers: {} });
    }
    out.push({
      kind: 'query:junk-keys',
      method: m,
      url: urlOf(c, undefined, 'a[b][c][d][e][f][g]=1&__proto__[x]=1&constructor[prototype][x]=1&&=&%=%'),
      headers: {},
    });
    out.push({ kind: 'get-with-json-body-header', method: m, url: urlOf(c), headers: { 'content-type': JSON_CT } });
    return out;
  }

  out.push(sampleReq(c, 'valid-sample', sample));
  const sampleText = JSON.stringify(sample);
  out.push({
    kind: 'gzip-sample',
    method: m,
    url: urlOf(c),
    headers: { 'content-type': JSON_CT, 'content-encoding': 'gzip' },
    body: new Uint8Array(gzipSync(sampleText)),
  });
  fields.forEach((f, i) => {
    const rest = { ...sample };
    delete rest[f];
    out.push(sampleReq(c, `drop(${f})`, rest));
    for (const [label, v] of WRONG_TYPES) out.push(jsonReq(c, `wrong-type(${f}→${label})`, JSON.stringify({ ...sample, [f]: v })));
    // A rotating share of the nasty strings per field (all of them across the fields and the generated cases).
    const share = Math.ceil(NASTY_STRINGS.length / 3);
    for (let k = 0; k < share; k++) {
      const v = NASTY_STRINGS[(i * share + k) % NASTY_STRINGS.length];
      out.push(jsonReq(c, `nasty(${f}=${JSON.stringify(v.slice(0, 16))})`, JSON.stringify({ ...sample, [f]: v })));
    }
    const base = JSON.stringify({ ...sample, [f]: '' }).length;
    out.push(jsonReq(c, `near-limit(${f})`, JSON.stringify({ ...sample, [f]: filler(c.bodyLimit - base - 64) })));
    if (i === 0) {
      out.push(jsonReq(c, `over-limit(${f})`, JSON.stringify({ ...sample, [f]: filler(c.bodyLimit - base + 4096) })));
      out.push(jsonReq(c, `over-limit-emoji(${f})`, JSON.stringify({ ...sample, [f]: filler(c.bodyLimit + 4096, true) })));
      out.push(jsonReq(c, `deep-array(${f})`, JSON.stringify({ ...sample, [f]: '§' }).replace('"§"', deepJson(5000))));
      out.push(jsonReq(c, `deep-object(${f})`, JSON.stringify({ ...sample, [f]: '§' }).replace('"§"', deepJson(3000, 'object'))));
    }
    const v = sample[f];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const inner of Object.keys(v)) {
        out.push(jsonReq(c, `wrong-type(${f}.${inner}→number)`, JSON.stringify({ ...sample, [f]: { ...(v as object), [inner]: 7 } })));
        out.push(jsonReq(c, `drop(${f}.${inner})`, JSON.stringify({ ...sample, [f]: { ...(v as object), [inner]: undefined } })));
      }
    }
    if (Array.isArray(v)) out.push(jsonReq(c, `long-array(${f})`, JSON.stringify({ ...sample, [f]: Array.from({ length: 2000 }, () => v[0] ?? 'x') })));
  });
  const withKeys = sampleText === '{}' ? '{' : `${sampleText.slice(0, -1)},`;
  out.push(jsonReq(c, 'extra-fields', JSON.stringify({ ...sample, extra: 'x', isAdmin: true, id: 'forged', status: 'paid', role: 'admin' })));
  out.push(jsonReq(c, 'proto-keys', `${withKeys}"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}`));
  out.push(jsonReq(c, 'duplicate-keys', `${withKeys}${fields.map((f) => `"${f}":12`).join(',') || '"a":1'}}`));
  for (const t of ['{}', 'null', '[]', '[{}]', '"text"', '0', 'true', '""', JSON.stringify([sample])]) out.push(jsonReq(c, `body=${t.slice(0, 12)}`, t));
  for (const t of [
    '',
    '{',
    '{"a":}',
    "{'a':1}",
    'NaN',
    '{"a":1}}',
    sampleText.slice(0, Math.max(1, Math.floor(sampleText.length / 2))),
    `${sampleText}garbage`,
    `\uFEFF${sampleText}`,
    '\u0000',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '1'.repeat(400),
  ]) {
    out.push(jsonReq(c, `invalid-json(${JSON.stringify(t.slice(0, 12))})`, t));
  }
  out.push(jsonReq(c, 'deep-body', deepJson(20000)));
  out.push(jsonReq(c, 'many-keys', JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])))));
  out.push(jsonReq(c, 'text/plain', sampleText, 'text/plain'));
  out.push(jsonReq(c, 'text/plain+junk', 'hello=world', 'text/plain;charset=UTF-8'));
  out.push(jsonReq(c, 'application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', 'application/xml'));
  out.push(jsonReq(c, 'json-latin1', sampleText, 'application/json; charset=latin1'));
  out.push(jsonReq(c, 'json-utf16', sampleText, 'application/json; charset=utf-16'));
  out.push(jsonReq(c, 'json-bogus-charset', sampleText, 'application/json; charset=bogus-42'));
  out.push(jsonReq(c, 'vnd.api+json', sampleText, 'application/vnd.api+json'));
  out.push(jsonReq(c, 'content-type-garbage', sampleText, ';;;/'));
  out.push({ kind: 'form', method: m, url: urlOf(c), headers: { 'content-type': FORM_CT }, body: formFields(sample).toString() });
  out.push({
    kind: 'form-nested',
    method: m,
    url: urlOf(c),
    headers: { 'content-type': FORM_CT },
    body: 'a[b][c][d][e][f][g][h]=1&x[]=1&x[]=2&x[99999]=3&__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
  });
  out.push({ kind: 'form-over-limit', method: m, url: urlOf(c), headers: { 'content-type': FORM_CT }, body: `a=${'z'.repeat(c.bodyLimit + 1000)}` });
  const fd = new FormData();
  for (const [k, v] of Object.entries(sample)) fd.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  fd.append('file', new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'application/octet-stream' }), 'x.bin');
  out.push({ kind: 'multipart', method: m, url: urlOf(c), headers: {}, body: fd });
  out.push({ kind: 'no-content-type', method: m, url: urlOf(c), headers: {}, body: new TextEncoder().encode(sampleText) });
  out.push({ kind: 'no-body', method: m, url: urlOf(c), headers: {} });
  out.push({ kind: 'json-ct-no-body', method: m, url: urlOf(c), headers: { 'content-type': JSON_CT } });
  out.push({
    kind: 'gzip-garbage',
    method: m,
    url: urlOf(c),
    headers: { 'content-type': JSON_CT, 'content-encoding': 'gzip' },
    body: new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5]),
  });
  out.push({ kind: 'gzip-bomb', method: m, url: urlOf(c), headers: { 'content-type': JSON_CT, 'content-encoding': 'gzip' }, body: GZIP_BOMB });
  out.push({
    kind: 'deflate-garbage',
    method: m,
    url: urlOf(c),
    headers: { 'content-type': JSON_CT, 'content-encoding': 'deflate' },
    body: new Uint8Array([1, 2, 3]),
  });
  out.push({ kind: 'unknown-encoding', method: m, url: urlOf(c), headers: { 'content-type': JSON_CT, 'content-encoding': 'x-fuzz' }, body: sampleText });
  out.push({
    kind: 'binary',
    method: m,
    url: urlOf(c),
    headers: { 'content-type': JSON_CT },
    body: new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1]),
  });
  return out;
}

/** Any JSON-ish value: wrong types, nasty strings, nested junk. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 6 }),
);

/**
 * Generated requests for a route: the sample with random fields replaced by junk and random keys
 * added; arbitrary JSON values as the body; random bytes under random content types; random
 * queries and path parameters.
 */
export function generatedCases(c: Ctx): fc.Arbitrary<FuzzRequest> {
  const sample = c.sample?.body ?? {};
  const fields = Object.keys(sample);
  const m = c.route.method;
  const params = c.route.params.length
    ? fc.record(
        Object.fromEntries(
          c.route.params.map((p) => [p, fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }), fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/))]),
        ) as Record<string, fc.Arbitrary<string>>,
      )
    : fc.constant(c.sample?.params ?? {});
  if (!isStateChanging(m)) {
    return fc
      .tuple(
        params,
        fc.dictionary(
          fc.oneof(fc.constantFrom(...Object.keys(c.sample?.query ?? { q: '' })), fc.string({ maxLength: 10 })),
          fc.string({ unit: 'binary', maxLength: 200 }),
          { maxKeys: 4 },
        ),
      )
      .map(([p, q]) => ({
        kind: 'gen:query',
        method: m,
        url: urlOf(
          c,
          p,
          new URLSearchParams(
            Object.entries({ ...(c.sample?.query ?? {}), ...q }).map(([k, v]): [string, string] => [wellFormed(k), wellFormed(v)]),
          ).toString(),
        ),
        headers: {},
      }));
  }
  const mutated = fc
    .tuple(
      fc.subarray(fields),
      fc.array(junkValue, { minLength: fields.length, maxLength: fields.length }),
      fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { maxKeys: 3 }),
      params,
    )
    .map(([pick, values, extra, p]): FuzzRequest => {
      const body: Record<string, unknown> = { ...sample, ...extra };
      pick.forEach((f, i) => (body[f] = values[i]));
      return {
        kind: `gen:mutated(${pick.join(',') || 'extra keys'})`,
        method: m,
        url: urlOf(c, p),
        headers: { 'content-type': JSON_CT },
        body: JSON.stringify(body),
      };
    });
  const anyJson = fc
    .jsonValue({ maxDepth: 8 })
    .map((v): FuzzRequest => ({ kind: 'gen:any-json', method: m, url: urlOf(c), headers: { 'content-type': JSON_CT }, body: JSON.stringify(v) ?? 'null' }));
  const bytes = fc
    .tuple(
      fc.uint8Array({ maxLength: 600 }),
      fc.constantFrom(JSON_CT, FORM_CT, 'text/plain', 'multipart/form-data; boundary=x', 'application/octet-stream', ''),
    )
    .map(([b, ct]): FuzzRequest => ({ kind: `gen:bytes(${ct || 'none'})`, method: m, url: urlOf(c), headers: ct ? { 'content-type': ct } : {}, body: b }));
  const formJunk = fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 200 }), { maxKeys: 6 }).map((d): FuzzRequest => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...Object.fromEntries(formFields(sample)), ...d })) p.append(wellFormed(k), wellFormed(v));
    return { kind: 'gen:form', method: m, url: urlOf(c), headers: { 'content-type': FORM_CT }, body: p.toString() };
  });
  return fc.oneof({ arbitrary: mutated, weight: 4 }, { arbitrary: anyJson, weight: 1 }, { arbitrary: bytes, weight: 1 }, { arbitrary: formJunk, weight: 1 });
}

/** Parses `100kb` / `1mb` (BODY_LIMIT) into bytes. */
export function parseBodyLimit(limit: string): number {
  const m = /^(\d+)(kb|mb)$/i.exec(limit);
  if (!m) throw new Error(`bad body limit ${limit}`);
  return Number(m[1]) * (m[2].toLowerCase() === 'mb' ? 1024 * 1024 : 1024);
}
