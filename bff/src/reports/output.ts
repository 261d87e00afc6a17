import { AiError } from '../ai/types';

/** Longest step output kept (characters); longer answers are cut at a paragraph. */
export const MAX_STEP_OUTPUT = 24_000;

const CHATTER = /^(sure|certainly|of course|absolutely|okay|ok|here(?:'s| is| are)|below is|as requested|great)\b/i;
const CLOSING = /^(let me know|i hope this|feel free to|if you (?:want|need|would like))/i;

/** Pulls the markdown out of a JSON-shaped answer: {"markdown": …}, {"content": …}, {"sections": [...]}. */
function fromJsonShape(text: string): string | null {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return null;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return null;
  }
  const pick = (o: unknown): string | null => {
    if (typeof o === 'string') return o;
    if (Array.isArray(o)) {
      const parts = o.map(pick).filter((s): s is string => !!s);
      return parts.length ? parts.join('\n\n') : null;
    }
    if (o && typeof o === 'object') {
      const r = o as Record<string, unknown>;
      for (const k of ['markdown', 'content', 'output', 'text', 'report', 'analysis', 'answer', 'result']) {
        const s = pick(r[k]);
        if (s) return s;
      }
      if (Array.isArray(r.sections)) {
        const parts = r.sections.map((s) => {
          if (!s || typeof s !== 'object') return pick(s);
          const sec = s as Record<string, unknown>;
          const body = pick(sec.content ?? sec.body ?? sec.text ?? sec.markdown);
          return body ? (typeof sec.title === 'string' ? `### ${sec.title}\n\n${body}` : body) : null;
        });
        const joined = parts.filter(Boolean).join('\n\n');
        if (joined) return joined;
      }
    }
    return null;
  };
  return pick(v);
}

/**
 * Makes an agent's answer fit a report section, tolerating what models do: a code fence around
 * the whole answer, a JSON wrapper, chatter before the first heading or after the last line,
 * a first heading that repeats the section title, Windows line endings, runaway length.
 * Throws AiError('malformed') when nothing usable is left.
 */
export function cleanAgentOutput(raw: string, sectionTitle: string): string {
  let text = String(raw ?? '')
    .replace(/\r\n?/g, '\n')
    .trim();
  const fenced = text.match(/^```[a-zA-Z]*\n([\s\S]*?)\n?```$/);
  if (fenced) text = fenced[1].trim();
  const json = fromJsonShape(text);
  if (json) text = json.replace(/\r\n?/g, '\n').trim();

  const lines = text.split('\n');
  const firstHeading = lines.findIndex((l) => /^#{1,6}\s+\S/.test(l));
  if (firstHeading > 0 && lines.slice(0, firstHeading).every((l) => !l.trim() || CHATTER.test(l.trim()))) {
    lines.splice(0, firstHeading);
  } else if (lines.length > 1 && CHATTER.test(lines[0].trim()) && /:\s*$/.test(lines[0])) {
    lines.shift();
  }
  while (lines.length && (!lines[lines.length - 1].trim() || CLOSING.test(lines[lines.length - 1].trim()))) lines.pop();

  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const h = lines.findIndex((l) => l.trim());
  if (h >= 0) {
    const m = lines[h].match(/^#{1,6}\s+(.*)$/) ?? lines[h].match(/^\*\*(.*)\*\*$/);
    if (m && norm(m[1]) === norm(sectionTitle)) lines.splice(h, 1);
  }
  text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length > MAX_STEP_OUTPUT) {
    const cut = text.lastIndexOf('\n\n', MAX_STEP_OUTPUT);
    text = text.slice(0, cut > MAX_STEP_OUTPUT / 2 ? cut : MAX_STEP_OUTPUT).trim();
  }
  if (text.replace(/[#*_>\-\s`]/g, '').length < 20) {
    throw new AiError('The agent returned an empty or unusable answer', 'malformed');
  }
  return text;
}
