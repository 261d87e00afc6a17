import { AiError } from './types';

/**
 * Pulls a JSON value out of a model's answer: tolerates code fences, prose around the JSON and
 * trailing commas. Throws AiError('malformed') when nothing parseable is there.
 */
export function extractJson(text: string): unknown {
  const stripped = text.replace(/```(?:json|JSON)?/g, '').trim();
  const attempts: string[] = [stripped];
  const firstObj = stripped.indexOf('{');
  const firstArr = stripped.indexOf('[');
  const starts = [firstObj, firstArr].filter((i) => i >= 0).sort((a, b) => a - b);
  for (const start of starts) {
    const close = stripped[start] === '{' ? '}' : ']';
    const end = stripped.lastIndexOf(close);
    if (end > start) attempts.push(stripped.slice(start, end + 1));
  }
  for (const a of attempts) {
    for (const candidate of [a, a.replace(/,\s*([}\]])/g, '$1')]) {
      try {
        return JSON.parse(candidate);
      } catch {
        /* next */
      }
    }
  }
  throw new AiError('The model did not return valid JSON', 'malformed');
}
