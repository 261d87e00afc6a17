/**
 * A noun for a count: the singular for exactly 1, the plural for anything else (0, 2, 1.5).
 * The plural defaults to the singular plus "s" ("click" → "clicks"); pass it when it is not
 * ("reply", "replies").
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** A count with its noun, the number grouped in English style: "1 click", "0 clicks", "1,234 clicks". */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${count.toLocaleString('en-US')} ${plural(count, singular, pluralForm)}`;
}
