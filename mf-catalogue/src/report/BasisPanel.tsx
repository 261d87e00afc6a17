import { useContext, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { QueryClientContext } from '@tanstack/react-query';
import type { ReportFactSheet, SheetAssumption } from '@val/contracts';
import { formatFigure } from '@val/contracts/factSheet';
import { createValApi } from '@val/client';
import { Button, Input, t } from '@val/ui';
import { BasisFields, ScrollBox } from '@val/ui/factSheet';

const Panel = styled.section`
  margin: 18px 0 0;
  border-top: 1px solid ${t.border};
  padding-top: 6px;
  form {
    margin: 0;
  }
  .mine {
    display: inline-block;
    margin-left: 6px;
    padding: 1px 7px;
    border-radius: 999px;
    font-size: 0.72rem;
    font-weight: 700;
    background: ${t.bgSunken};
    color: ${t.primaryInk};
    border: 1px solid ${t.border};
    white-space: nowrap;
  }
  .hint {
    font-weight: 400;
    font-size: 0.8rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    margin: 14px 0 0;
    align-items: center;
  }
  /* The what-if table fits a phone: three narrow columns, no sideways scrolling needed. */
  table.whatif {
    min-width: 0;
  }
  table.whatif td {
    white-space: nowrap;
  }
  td input {
    width: 7.5em;
    max-width: 100%;
    padding: 8px 10px;
  }
  .error {
    color: ${t.danger};
    font-weight: 600;
    margin: 10px 0 0;
  }
`;

/** The assumption's value as the founder types it: money and counts as numbers, a percent as 40 (for 40%). */
const editable = (a: SheetAssumption) => (a.kind === 'percent' ? String(Math.round(a.value * 1000) / 10) : String(a.value));

/**
 * "Basis" and "What if": what the report's numbers rest on (market, segment, place, buyer kind,
 * product kind, price) and its assumptions, each changeable. A plain form (method POST to
 * `/api/reports/{id}/basis`), so it works without JavaScript (the server answers 303 back here);
 * with JavaScript the same fields go as JSON and the page shows the new sheet at once.
 */
export function BasisPanel({
  reportId,
  apiBase,
  sheet,
  original,
  stale,
}: {
  reportId: string;
  apiBase: string;
  sheet: ReportFactSheet;
  original?: ReportFactSheet;
  stale: number;
}) {
  // The page's query cache when there is one (the live report page); else the page is read again.
  const queryClient = useContext(QueryClientContext);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const api = createValApi({ baseUrl: apiBase });
  const basisUrl = api.url('reportBasis', { params: { id: reportId } });
  const rewriteUrl = api.url('reportRewrite', { params: { id: reportId } });
  const b = sheet.basis;
  if (!b) return null;
  const c = sheet.currency;
  const assumptions = sheet.assumptions ?? [];

  const post = async (url: string, body: unknown) => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
      if (!res.ok) {
        const e = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(e?.error?.message ?? `The numbers could not be changed (${res.status}).`);
        return;
      }
      if (queryClient) await queryClient.invalidateQueries({ queryKey: ['report', reportId] });
      else window.location.reload();
    } catch {
      setError('The numbers could not be changed: check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const basis: Record<string, string> = {};
    const what: Record<string, string> = {};
    for (const el of Array.from(e.currentTarget.elements) as Array<HTMLInputElement | HTMLSelectElement>) {
      const k = el.name;
      const v = el.value;
      if (!k || typeof v !== 'string' || v.trim() === '') continue;
      if (k.startsWith('basis.')) basis[k.slice(6)] = v;
      if (k.startsWith('assumptions.')) what[k.slice(12)] = k === 'assumptions.margin' ? `${v}%` : v;
    }
    void post(basisUrl, { basis, assumptions: what });
  };

  return (
    <Panel aria-labelledby="basis-title" data-testid="basis-panel" id="basis">
      <h3 id="basis-title">Basis and what if</h3>
      <p className="hint" style={{ margin: 0, color: 'inherit' }}>
        What these numbers rest on. Change any of it and every figure, the break-even and the verdict are computed again.
        {original ? ' Fields marked "changed by you" are yours; the original stays one click away.' : ''}
      </p>
      <form method="post" action={basisUrl} onSubmit={submit} data-testid="basis-form">
        <BasisFields basis={b} currencyCode={c.code} />

        {assumptions.length > 0 && (
          <ScrollBox aria-label="What-if assumptions" data-testid="assumptions">
            <table className="whatif">
              <caption>What if: change an assumption</caption>
              <thead>
                <tr>
                  <th scope="col">Assumption</th>
                  <th scope="col">Yours</th>
                  <th scope="col">Original</th>
                </tr>
              </thead>
              <tbody>
                {assumptions
                  .filter((a) => a.id !== 'price')
                  .map((a) => (
                    <tr key={a.id} data-assumption={a.id} data-changed={a.changedByYou || undefined}>
                      <th scope="row">
                        {a.label}
                        {a.changedByYou ? <span className="mine">changed by you</span> : null}
                      </th>
                      <td>
                        <Input
                          name={`assumptions.${a.id}`}
                          aria-label={`${a.label}${a.kind === 'percent' ? ' (%)' : a.kind === 'months' ? ' (months)' : a.kind === 'money' ? ` (${c.code})` : ''}`}
                          type="number"
                          step="any"
                          min="0"
                          inputMode="decimal"
                          defaultValue={editable(a)}
                        />
                        {a.kind === 'percent' ? ' %' : ''}
                      </td>
                      <td className="num">{formatFigure({ kind: a.kind, value: a.original, per: a.per }, c)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <div className="actions">
          <Button type="submit" disabled={busy} data-testid="basis-submit">
            {busy ? 'Computing…' : 'Compute again'}
          </Button>
        </div>
      </form>
      {original && (
        <form method="post" action={basisUrl} onSubmit={(e) => (e.preventDefault(), void post(basisUrl, { reset: true }))} className="actions">
          <input type="hidden" name="reset" value="true" />
          <Button type="submit" $variant="secondary" disabled={busy} data-testid="basis-reset">
            Back to the original
          </Button>
          <span className="hint">
            Original: {original.verdict.word}, break-even {original.breakEvenMonth ? `month ${original.breakEvenMonth}` : 'none within 5 years'}.
          </span>
        </form>
      )}
      {stale > 0 && (
        <form method="post" action={rewriteUrl} onSubmit={(e) => (e.preventDefault(), void post(rewriteUrl, {}))} className="actions">
          <Button type="submit" $variant="secondary" disabled={busy} data-testid="rewrite-all">
            Write {stale === 1 ? 'the section' : `the ${stale} sections`} again for your numbers
          </Button>
        </form>
      )}
      {error && (
        <p className="error" role="alert" data-testid="basis-error">
          {error}
        </p>
      )}
    </Panel>
  );
}
