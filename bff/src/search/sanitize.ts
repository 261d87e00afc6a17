import type { SearchResult } from './types';

/** Results one search may return, whatever the caller asks (SEARCH_MAX_RESULTS is capped to it). */
export const MAX_RESULTS = 10;
/** Results a search returns when the caller's limit is not a number. */
export const DEFAULT_RESULTS = 5;
/** Longest title kept (characters); longer ones are cut at a word with "…". */
export const TITLE_MAX = 200;
/** Longest snippet kept (characters); longer ones are cut at a word with "…". */
export const SNIPPET_MAX = 400;
/** Longest URL kept; longer results are dropped. */
export const URL_MAX = 2048;
/** Longest query sent (characters and words: Brave's documented maximum; Tavily advises under 400 characters). */
export const QUERY_MAX_CHARS = 400;
export const QUERY_MAX_WORDS = 50;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  iexcl: '¡',
  iquest: '¿',
  shy: '',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  aacute: 'á',
  acirc: 'â',
  ccedil: 'ç',
  iacute: 'í',
  oacute: 'ó',
  ocirc: 'ô',
  uacute: 'ú',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  aring: 'å',
  oslash: 'ø',
  aelig: 'æ',
};

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const HIDDEN_ELEMENT = /<(script|style|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const BLOCK_TAG = /<\/?(?:br|p|div|li|ul|ol|tr|td|th|h[1-6]|blockquote|section|article|header|footer|table)\b[^<>]*>/gi;
const TAG = /<\/?[A-Za-z][^<>]*(?:>|$)/g;
const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
/** Soft hyphen, zero-width characters and bidirectional overrides: invisible, and able to reorder what a reader sees. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function decodeEntity(match: string, body: string): string {
  if (body[0] !== '#') return NAMED_ENTITIES[body] ?? match;
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '';
  return String.fromCodePoint(code);
}

function stripTags(text: string): string {
  return text.replace(COMMENT, '').replace(HIDDEN_ELEMENT, ' ').replace(BLOCK_TAG, ' ').replace(TAG, '');
}

/**
 * `text` cut to at most `max` characters: at the last word boundary (when one falls in the last
 * 40 %), trailing punctuation dropped, "…" appended. Shorter text is returned as it is.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - 1);
  let cut = text.slice(0, room);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  if (!/\s/.test(text[room] ?? '')) {
    const space = cut.lastIndexOf(' ');
    if (space >= room * 0.6) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s,;:.\-–—(]+$/u, '')}…`;
}

/**
 * Plain, one-line text from what a provider sent: markup removed (tags, comments, scripts),
 * entities decoded (then any markup they spelled removed too), control, zero-width and
 * bidirectional-override characters dropped, whitespace collapsed, cut to `max` at a word.
 * Anything but a string gives ''.
 */
export function cleanText(raw: unknown, max: number): string {
  if (typeof raw !== 'string') return '';
  const text = stripTags(stripTags(raw).replace(ENTITY, decodeEntity))
    .replace(LONE_SURROGATE, '')
    .replace(CONTROL, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cutAtWord(text, max);
}

/**
 * The URL, normalised, when it is an absolute http(s) address without credentials of at most
 * URL_MAX characters; otherwise null (javascript:, data:, relative, over-long, `user@host`...).
 */
export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text) || text.length > URL_MAX || /[\s\u0000-\u001F\u007F-\u009F]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  return url.href.length > URL_MAX ? null : url.href;
}

/** What makes two result URLs the same source: the normalised URL without its #fragment. */
export function urlKey(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** The caller's limit as a whole number of results in 0..MAX_RESULTS (DEFAULT_RESULTS when not a number). */
export function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return DEFAULT_RESULTS;
  return Math.min(MAX_RESULTS, Math.max(0, Math.floor(limit)));
}

/** The query as sent: one line, no control characters, at most QUERY_MAX_WORDS words and QUERY_MAX_CHARS characters. */
export function cleanQuery(query: string): string {
  const words = cleanText(query, Number.MAX_SAFE_INTEGER).split(' ').slice(0, QUERY_MAX_WORDS).join(' ');
  if (words.length <= QUERY_MAX_CHARS) return words;
  const cut = words.slice(0, QUERY_MAX_CHARS);
  const space = cut.lastIndexOf(' ');
  return (space > 0 && words[QUERY_MAX_CHARS] !== ' ' ? cut.slice(0, space) : cut).trim();
}

/** A result as a provider sent it, before cleaning. */
export interface RawHit {
  title: unknown;
  url: unknown;
  snippet: unknown;
}

/**
 * The first `limit` usable results, in the provider's order: bad URLs dropped, duplicates (same
 * URL but for the #fragment) dropped, title and snippet cleaned; a result without a title is
 * titled with its host.
 */
export function cleanResults(hits: Iterable<RawHit>, limit: number): SearchResult[] {
  const max = clampLimit(limit);
  const out: SearchResult[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (out.length >= max) break;
    const url = safeUrl(hit.url);
    if (!url || seen.has(urlKey(url))) continue;
    seen.add(urlKey(url));
    out.push({ title: cleanText(hit.title, TITLE_MAX) || new URL(url).hostname, url, snippet: cleanText(hit.snippet, SNIPPET_MAX) });
  }
  return out;
}
