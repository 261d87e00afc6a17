/**
 * The rules that apply to one idea: the rules of its market that fit what is sold (a rule tagged
 * for pet food applies to a pet-food idea, not to a GPS collar; a rule tagged for a product kind
 * only to that kind), and the rules every product of its kind meets (`data/productRules.json`: a
 * device's radio and safety certification, a marketplace's platform rules). Each rule is named
 * only for the founder's place (its jurisdiction); with no place, by its topic alone.
 */
import productRules from './data/productRules.json';
import { wordsIn } from './read';
import { parseTable, productRulesSchema } from './schema';
import type { Market, Place, Rule } from './types';
import type { ProductKind } from '../productKind';

/** The rules of each product kind, checked: a bad entry stops the load with a message naming it. */
export const PRODUCT_RULES: Record<ProductKind, Rule[]> = parseTable(productRulesSchema, productRules, 'data/productRules.json');

/** A rule fits an idea when its kinds include the idea's kind and its sub-segment words (if any) are in the idea's words. */
function fits(rule: Rule, kind: ProductKind, text: string): boolean {
  if (rule.kinds && !rule.kinds.includes(kind)) return false;
  return !rule.for || wordsIn(text, rule.for).length > 0;
}

/** A rule's name for a place: its topic, with the law's or regulator's name only where the place has one. */
function ruleName(rule: Rule, place: Place | null): string {
  const named = place?.jurisdiction ? rule.named?.[place.jurisdiction] : undefined;
  return named ? `${rule.topic} (${named})` : rule.topic;
}

/**
 * The rules that apply to an idea of `kind` in `market`, described by `text` (what the founder
 * wrote about the idea and its customer), as [name, what it means], the one that shapes the
 * product most first: a device's certification before its market's rules; a service's licences
 * after them. Never empty: when no rule of the market fits and the kind has none, the market's
 * untagged rules (or all of them) stand.
 */
export function rulesForIdea(market: Market, place: Place | null, kind: ProductKind, text: string): Array<[string, string]> {
  const own = market.rules.filter((r) => fits(r, kind, text));
  const ofKind = PRODUCT_RULES[kind].filter((r) => fits(r, kind, text));
  const chosen = kind === 'hardware' ? [...ofKind, ...own] : [...own, ...ofKind];
  const rules = chosen.length ? chosen : market.rules.filter((r) => !r.for).length ? market.rules.filter((r) => !r.for) : market.rules;
  return rules.map((r) => [ruleName(r, place), r.what]);
}
