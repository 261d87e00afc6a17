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

const SMALL_COUNTS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * A count as it reads in a sentence: in words up to twelve ("seven"), in digits past it ("13",
 * "1,234"). `capital` starts a sentence with it ("Seven").
 */
export function countInWords(count: number, { capital = false }: { capital?: boolean } = {}): string {
  const word = Number.isInteger(count) && count >= 0 && count < SMALL_COUNTS.length ? SMALL_COUNTS[count] : count.toLocaleString('en-US');
  return capital ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** Items joined the English way: "a", "a and b", "a, b and c". */
export function listInWords(items: ReadonlyArray<string>): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
