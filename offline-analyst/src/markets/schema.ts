/**
 * The schema of the market table (`data/markets.json`) and the place table (`data/places.json`):
 * both are parsed with it when the module loads, and a bad entry stops the load with a message
 * naming the entry (the market's id, the place's name) and the field. The types of `types.ts`
 * are checked below to match what the schema accepts.
 */
import { z } from 'zod';
import { PRODUCT_KINDS, type ProductKind } from '../productKind';
import type { Jurisdiction, Market, Place, Rule, Suggestion } from './types';

const text = z.string().min(1);
const words = z.array(text);

export const jurisdictionSchema = z.enum(['US', 'EU', 'UK', 'CA', 'AU', 'IN', 'BR', 'JP', 'SG', 'NG', 'KE']);

export const suggestionSchema = z.union([text, z.strictObject({ text, for: z.array(text).min(1) })]);

export const ruleSchema = z.strictObject({
  topic: text,
  what: text,
  named: z.partialRecord(jurisdictionSchema, text).optional(),
  gate: z.boolean().optional(),
  for: z.array(text).min(1).optional(),
  kinds: z.array(z.enum(PRODUCT_KINDS)).min(1).optional(),
});

/** The rules every idea of a product kind meets, whatever its market (`data/productRules.json`). */
export const productRulesSchema = z.strictObject(
  Object.fromEntries(PRODUCT_KINDS.map((k) => [k, z.array(ruleSchema)])) as Record<ProductKind, z.ZodArray<typeof ruleSchema>>,
);

const perBuyer = z.strictObject({ consumer: z.array(suggestionSchema), business: z.array(suggestionSchema) });
const range = z.tuple([z.number().nonnegative(), z.number().nonnegative()]);

/** A market as the table writes it (its `incumbents` are derived in code). */
function marketShape(strong: z.ZodArray<z.ZodString>) {
  return z.strictObject({
    id: z.string().regex(/^[a-z]+$/, 'an id is lower-case letters'),
    label: text,
    words: z
      .strictObject({ strong, decisive: words.optional(), weak: words.min(1).optional() })
      .refine((w) => (w.decisive ?? []).every((d) => w.strong.includes(d)), 'every decisive word is also a strong word'),
    b2b: z.boolean(),
    crowding: z.number().min(-1).max(1),
    story: text,
    whyNow: text,
    alternatives: words.min(1),
    channels: perBuyer,
    beachheads: perBuyer,
    niches: perBuyer,
    revenue: z.tuple([text, text]),
    risks: z.array(z.tuple([text, text])).min(1),
    metric: text,
    buyers: text,
    price: range,
    grossMargin: z.number().min(0).max(1),
    cac: range,
    buyersPerMillion: z.number().positive(),
    trends: words,
    competitors: z.array(suggestionSchema),
    competitorKinds: z.array(suggestionSchema),
    suppliers: words,
    tech: words,
    pains: words.min(1),
    bizPains: words.optional(),
    rules: z.array(ruleSchema).min(1),
  });
}

/** A market of the table: the words that show it are required. */
export const marketDataSchema = marketShape(words.min(1, 'a market needs at least one strong word'));
/** The general market needs no words (it is what the analyst says when none match). */
const generalDataSchema = marketShape(z.array(text).max(0, 'the general market has no words'));

export const marketTableSchema = z
  .strictObject({
    markets: z.array(marketDataSchema).min(1),
    /** The general market as consumers buy it, and what differs when businesses buy it. */
    general: z.strictObject({
      consumer: generalDataSchema.extend({ id: z.literal('general') }),
      business: generalDataSchema
        .pick({ b2b: true, buyers: true, price: true, grossMargin: true, cac: true, buyersPerMillion: true, tech: true, pains: true })
        .partial(),
    }),
    /** Phrases removed before the words are read (regular expressions). */
    neutralPhrases: z.array(
      text.refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'not a valid regular expression'),
    ),
  })
  .superRefine((table, ctx) => {
    const seen = new Set<string>();
    table.markets.forEach((m, i) => {
      if (m.id === 'general')
        ctx.addIssue({ code: 'custom', path: ['markets', i, 'id'], message: "'general' is the market of no match, not one of the table" });
      if (seen.has(m.id)) ctx.addIssue({ code: 'custom', path: ['markets', i, 'id'], message: `a second market with the id '${m.id}'` });
      seen.add(m.id);
    });
  });

export const placeSchema = z.strictObject({
  name: text,
  words: words.min(1),
  exact: words.optional(),
  millions: z.number().positive(),
  jurisdiction: jurisdictionSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
    .optional(),
});

export const placeTableSchema = z.array(placeSchema).min(1);

/** What one entry of a table is called in an error: its id (a market), name (a place) or topic (a rule). */
function entryName(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  for (const key of ['id', 'name', 'topic', 'text']) if (typeof e[key] === 'string' && e[key]) return `'${e[key] as string}'`;
  return null;
}

/** Where an issue is, naming each entry on the way: `markets[3] 'legal' › rules[1] › topic`. */
function issuePlace(data: unknown, path: ReadonlyArray<PropertyKey>): string {
  const parts: string[] = [];
  let at: unknown = data;
  for (const key of path) {
    at = at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const name = entryName(at);
      const index = `[${key}]${name ? ` ${name}` : ''}`;
      if (parts.length) parts[parts.length - 1] += index;
      else parts.push(index);
    } else parts.push(String(key));
  }
  return parts.join(' › ') || '(the whole table)';
}

/** Parses `data` with `schema`, or throws an error naming the file, each bad entry and what is wrong with it. */
export function parseTable<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${issuePlace(data, i.path)}: ${i.message}`);
  throw new Error(`The offline analyst's ${file} has ${lines.length === 1 ? 'a bad entry' : `${lines.length} bad entries`}:\n${lines.join('\n')}`);
}

// The types of types.ts are the ones the schema accepts (each way assignable).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesMatch: [
  Same<z.output<typeof jurisdictionSchema>, Jurisdiction>,
  Same<z.output<typeof suggestionSchema>, Suggestion>,
  Same<z.output<typeof ruleSchema>, Rule>,
  Same<z.output<typeof marketDataSchema>, Omit<Market, 'incumbents'>>,
  Same<z.output<typeof placeSchema>, Place>,
] = [true, true, true, true, true];
void typesMatch;
