import { Option, type Command } from 'commander';
import { z } from 'zod';
import {
  ASSUMPTION_IDS,
  BUYER_KINDS,
  MARKET_IDS,
  PRODUCT_KINDS,
  assumptionsInputSchema,
  basisInputSchema,
  type AssumptionsInput,
  type BasisInput,
} from '@val/contracts';
import { collect } from './options';

/** Names `--assume` takes besides the API's own (`lifetime` = lifetimeMonths, `costs` = monthlyCosts). */
const ASSUME_ALIASES: Record<string, keyof AssumptionsInput> = {
  lifetime: 'lifetimeMonths',
  costs: 'monthlyCosts',
  'monthly-costs': 'monthlyCosts',
  'lifetime-months': 'lifetimeMonths',
};
const ASSUME_KEYS = [...ASSUMPTION_IDS, 'churn'] as const;

/**
 * The basis flags (`--market`, `--segment`, `--place`, `--buyer`, `--product-kind`, `--price`) and
 * `--assume key=value` (with `assumeKeys`, the keys a command takes: the validation takes fewer).
 */
export function addBasisOptions(
  cmd: Command,
  { assume = true, assumeKeys = ASSUME_KEYS }: { assume?: boolean; assumeKeys?: ReadonlyArray<string> } = {},
): Command {
  cmd
    .addOption(new Option('--market <id>', "the market: one of the analyst's table, or general").choices([...MARKET_IDS]))
    .option('--segment <text>', 'who exactly buys ("freelance translators")')
    .option('--place <name>', 'the country or region ("Germany", "the UK")')
    .addOption(new Option('--buyer <kind>', 'who pays').choices([...BUYER_KINDS]))
    .addOption(new Option('--product-kind <kind>', 'what is sold').choices([...PRODUCT_KINDS]))
    .option('--price <amount>', "price per month, in the sheet's currency");
  if (assume)
    cmd.option(
      '--assume <key=value>',
      assumeKeys === ASSUME_KEYS
        ? `a what-if assumption (repeat): ${ASSUME_KEYS.join(', ')} (lifetime and costs also work; margin and churn as 0.4 or 40%)`
        : `a what-if assumption (repeat): ${assumeKeys.join(', ')}`,
      collect,
      [],
    );
  return cmd;
}

/** The flags of `addBasisOptions` as commander gives them. */
export interface BasisFlags {
  market?: string;
  segment?: string;
  place?: string;
  buyer?: string;
  productKind?: string;
  price?: string;
  assume?: string[];
}

/** The flags as the API's `basis`, or undefined when none is given; bad values → a message naming the flag. */
export function basisOf(o: BasisFlags): BasisInput | undefined {
  const raw = { market: o.market, segment: o.segment, place: o.place, buyerKind: o.buyer, productKind: o.productKind, price: o.price };
  if (Object.values(raw).every((v) => v === undefined)) return undefined;
  const r = basisInputSchema.safeParse(raw);
  if (!r.success) throw new Error(describeZod(r.error, { buyerKind: '--buyer', productKind: '--product-kind' }, '--'));
  return r.data;
}

/**
 * `--assume key=value` pairs as the API's `assumptions`, or undefined when none is given. A
 * command that takes fewer assumptions (the validation's buyers and price) passes its keys and schema.
 */
export function assumptionsOf<T extends AssumptionsInput = AssumptionsInput>(
  pairs: ReadonlyArray<string> | undefined,
  keys: ReadonlyArray<string> = ASSUME_KEYS,
  schema: z.ZodType<T, unknown> = assumptionsInputSchema as unknown as z.ZodType<T, unknown>,
): T | undefined {
  if (!pairs?.length) return undefined;
  const raw: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    const given = eq > 0 ? p.slice(0, eq).trim() : '';
    const key = ASSUME_ALIASES[given] ?? given;
    if (!given || !keys.includes(key)) throw new Error(`--assume "${p}" must look like key=value with key one of ${keys.join(', ')} (e.g. --assume price=9).`);
    if (key in raw) throw new Error(`--assume ${given} is given twice.`);
    raw[key] = p.slice(eq + 1).trim();
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw new Error(describeZod(r.error, {}, '--assume '));
  return r.data;
}

/** A zod option schema's piece: the basis flags, checked and turned into `basis` and `assumptions`. */
export const basisFlagsShape = {
  market: z.string().optional(),
  segment: z.string().optional(),
  place: z.string().optional(),
  buyer: z.string().optional(),
  productKind: z.string().optional(),
  price: z.string().optional(),
  assume: z.array(z.string()).optional(),
};

/** A zod error of the basis or assumptions as one line naming the flags ("--price: price must be more than 0"). */
export function describeZod(err: z.ZodError, names: Record<string, string>, prefix: string): string {
  return [
    ...new Set(
      err.issues.map((i) => {
        const key = String(i.path[0] ?? '');
        const flag = names[key] ?? (key ? `${prefix}${key}` : prefix.trim());
        return `${flag}: ${i.message}`;
      }),
    ),
  ].join('; ');
}
