import { useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { MARKET_LABELS, PRODUCT_KIND_LABELS, type SheetBasis, type ValidationFactSheet } from '@val/contracts';
import { basisChoiceOf, type BasisChoice } from './basisChoice';
import { BasisFields } from '@val/ui/factSheet';
import { Button, t } from '@val/ui';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: 8px 16px;
  margin: 8px 0 0;
  font-size: 0.92rem;
  div {
    min-width: 0;
  }
  dt {
    font-size: 0.78rem;
    font-weight: 700;
    color: ${t.textMuted};
  }
  dd {
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
  .mine {
    margin-left: 6px;
    font-size: 0.72rem;
    font-weight: 700;
    color: ${t.primaryInk};
    white-space: nowrap;
  }
`;

/** What the sheet rests on, in one place: market (and what the words point at), segment, place, buyer, product kind and price. */
export function BasisSummary({ sheet }: { sheet: ValidationFactSheet }) {
  const b = sheet.basis;
  if (!b) return null;
  const mine = (f: SheetBasis['setByFounder'][number]) => (b.setByFounder.includes(f) ? <span className="mine">changed by you</span> : null);
  const rows: Array<[string, string, SheetBasis['setByFounder'][number]]> = [
    ['Market', `${b.marketLabel}${b.wordsPointAt && b.market === 'general' ? ` — your words point at ${MARKET_LABELS[b.wordsPointAt]}` : ''}`, 'market'],
    ['Segment', b.segment, 'segment'],
    ['Place', b.place ?? 'not named', 'place'],
    ['Buyer', b.buyerKind === 'business' ? 'businesses' : 'consumers', 'buyerKind'],
    ['What is sold', b.productKind ? PRODUCT_KIND_LABELS[b.productKind] : 'not known', 'productKind'],
    ['Price a month', `${sheet.currency.symbol}${b.price.toLocaleString('en-US')}`, 'price'],
  ];
  return (
    <List aria-label="Basis" data-testid="validation-basis">
      {rows.map(([label, value, f]) => (
        <div key={f} data-basis={f}>
          <dt>
            {label}
            {mine(f)}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}

const Box = styled.details`
  border: 1px solid ${t.border};
  border-radius: 12px;
  padding: 0 16px;
  > summary {
    cursor: pointer;
    padding: 12px 0;
    font-weight: 700;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    margin: 14px 0 16px;
  }
  @media (max-width: 600px) {
    padding: 0 12px;
    .actions button {
      width: 100%;
    }
  }
`;

/**
 * "Change the basis", under Val's answer: the basis the sheet rests on (and the count of potential
 * buyers), each changeable; sending it validates the same words again on the founder's basis.
 * "Back to the words' read" validates them again without one.
 */
export function ChangeBasis({ sheet, disabled, onRun }: { sheet: ValidationFactSheet | null; disabled: boolean; onRun(choice: BasisChoice): void }) {
  const ref = useRef<HTMLFormElement>(null);
  const basis = sheet?.basis ?? null;
  const buyers = sheet?.assumptions?.find((a) => a.id === 'buyers');
  const yours = Boolean(basis?.setByFounder.length) || Boolean(sheet?.assumptions?.some((a) => a.changedByYou));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const choice = basisChoiceOf(e.currentTarget, basis);
    // A count the founder did not change is not theirs.
    if (buyers && !buyers.changedByYou && choice.assumptions?.buyers !== undefined && Number(choice.assumptions.buyers) === buyers.value) {
      delete choice.assumptions;
    }
    onRun(choice);
  };
  return (
    <Box data-testid="change-basis">
      <summary>Change the basis</summary>
      <p>Tell Val your market, segment, place, buyer, what you sell or your price: the score, the figures and the verdict are computed again.</p>
      <form ref={ref} onSubmit={submit} aria-label="Change the basis" key={JSON.stringify(basis)}>
        <BasisFields basis={basis} currencyCode={sheet?.currency.code} testIdPrefix="change-basis" />
        <BasisFieldsExtra buyers={buyers?.value} changed={buyers?.changedByYou ?? false} />
        <div className="actions">
          <Button type="submit" disabled={disabled} data-testid="change-basis-submit">
            Validate again with this basis
          </Button>
          {yours && (
            <Button type="button" $variant="secondary" disabled={disabled} onClick={() => onRun({})} data-testid="change-basis-reset">
              Back to the words’ read
            </Button>
          )}
        </div>
      </form>
    </Box>
  );
}

const Extra = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 12px 0 0;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${t.textMuted};
  max-width: 320px;
  input {
    font: inherit;
    padding: 9px 10px;
    border-radius: 10px;
    border: 1px solid ${t.border};
    background: ${t.bgElevated};
    color: ${t.text};
  }
  .mine {
    margin-left: 6px;
    font-size: 0.72rem;
    font-weight: 700;
    color: ${t.primaryInk};
  }
`;

/** What if: the count of potential buyers (the sizing example reaches at most this many). */
function BasisFieldsExtra({ buyers, changed }: { buyers?: number; changed: boolean }) {
  return (
    <Extra>
      <span>Potential buyers (your count){changed ? <span className="mine">changed by you</span> : null}</span>
      <input name="assumptions.buyers" type="number" min="1" step="1" inputMode="numeric" defaultValue={buyers ?? ''} data-testid="change-basis-buyers" />
    </Extra>
  );
}
