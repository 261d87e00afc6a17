import type { BasisInput, SheetBasis, ValidationAssumptionsInput } from '@val/contracts';

/** The founder's basis and assumptions as the validate request takes them (blank fields left out). */
export interface BasisChoice {
  basis?: BasisInput;
  assumptions?: ValidationAssumptionsInput;
}

/**
 * The basis fields of a form (`basis.<field>`, `assumptions.<id>`) as the request's `basis` and
 * `assumptions`; with `shown`, only the fields that differ from the basis the sheet shows or that
 * the founder set before, so a re-run marks as "yours" only what the founder chose.
 */
export function basisChoiceOf(form: HTMLFormElement, shown?: SheetBasis | null): BasisChoice {
  const basis: Record<string, string> = {};
  const assumptions: Record<string, string> = {};
  for (const el of Array.from(form.elements) as Array<HTMLInputElement | HTMLSelectElement>) {
    const k = el.name;
    const v = typeof el.value === 'string' ? el.value.trim() : '';
    if (!k || !v) continue;
    if (k.startsWith('basis.')) {
      const f = k.slice(6) as keyof SheetBasis;
      const before = shown?.[f];
      if (shown && !shown.setByFounder.includes(f as never) && String(before ?? '') === v) continue;
      basis[f] = v;
    } else if (k.startsWith('assumptions.')) assumptions[k.slice(12)] = v;
  }
  return {
    ...(Object.keys(basis).length ? { basis: basis as BasisInput } : {}),
    ...(Object.keys(assumptions).length ? { assumptions: assumptions as unknown as ValidationAssumptionsInput } : {}),
  };
}
