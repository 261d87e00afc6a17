import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatFigure, type CurrencyInfo, type RiskFlag, type SheetFigure, type SourceRef, type SourcesNote, type VerdictInfo } from '@val/contracts/factSheet';
import { BASIS_LIMITS, BUYER_KINDS, MARKET_IDS, MARKET_LABELS, PRODUCT_KINDS, PRODUCT_KIND_LABELS, type SheetBasis } from '@val/contracts';
import { t } from './theme';

/**
 * `@val/ui/factSheet`: the pieces every screen that shows a fact sheet uses (the report page, the
 * free validation's panel, step 3): the verdict, a table of figures with their basis, risk flags,
 * the sources note and a section's Sources list. Its own entry, not part of `@val/ui`: only those
 * screens load it (lazily), never the landing page. Everything is rendered as text: sheets and
 * search results are data, never markup.
 */

type Level = 2 | 3 | 4 | 5 | 6;
const TAGS = { 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' } as const;

/** A heading of the given level (sheets sit under different page outlines). */
export function SheetHeading({ level, id, children }: { level: Level; id?: string; children: ReactNode }) {
  const Tag = TAGS[level];
  return <Tag id={id}>{children}</Tag>;
}

/**
 * A wide table's box: the table scrolls sideways inside it on a narrow screen, never the page.
 * Focusable and named, so keyboard users can scroll it too.
 */
export const ScrollBox = styled.div.attrs({ tabIndex: 0, role: 'region' })`
  overflow-x: auto;
  max-width: 100%;
  margin: 8px 0 4px;
  border: 1px solid ${t.border};
  border-radius: 10px;
  &:focus-visible {
    outline: 2px solid ${t.focus};
    outline-offset: 2px;
  }
  /* Wide enough to read on a phone: the box scrolls sideways instead of squeezing the columns. */
  table {
    border-collapse: collapse;
    width: 100%;
    min-width: 540px;
    font-size: 0.9rem;
  }
  table.compact {
    min-width: 440px;
  }
  caption {
    text-align: left;
    padding: 8px 10px 0;
    font-weight: 600;
    color: ${t.textMuted};
    font-size: 0.82rem;
  }
  th,
  td {
    padding: 7px 10px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${t.border};
  }
  td {
    color: ${t.text};
  }
  tbody tr:last-child th,
  tbody tr:last-child td {
    border-bottom: 0;
  }
  thead th {
    background: ${t.bgSunken};
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: ${t.textMuted};
    white-space: nowrap;
  }
  tbody th {
    font-weight: 600;
    color: ${t.text};
    min-width: 130px;
  }
  td.num {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
    min-width: 110px;
  }
  thead th.num {
    text-align: left;
  }
  td.basis {
    color: ${t.textMuted};
    min-width: 200px;
    line-height: 1.45;
  }
  td.neg {
    color: ${t.danger};
  }
  && .r {
    text-align: right;
  }
  table.compact th,
  table.compact td {
    white-space: nowrap;
    min-width: 0;
  }
`;

/** The three verdicts' colours: words carry the meaning, the colour only repeats it. */
const TONE = { Go: t.success, 'Go with changes': t.focus, 'No-go': t.danger } as const;

const VerdictBox = styled.div<{ $tone: string }>`
  border: 1px solid ${(p) => p.$tone};
  border-left-width: 5px;
  border-radius: 12px;
  padding: 12px 14px;
  background: ${t.bgElevated};
  .word {
    display: inline-block;
    font-weight: 800;
    font-size: 1.05rem;
    padding: 2px 12px;
    border-radius: 999px;
    border: 2px solid ${(p) => p.$tone};
    color: ${(p) => p.$tone};
  }
  .label {
    font-weight: 600;
    color: ${t.textMuted};
    font-size: 0.85rem;
    margin-right: 8px;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  p {
    margin: 8px 0 0;
    line-height: 1.5;
  }
  ul {
    margin: 6px 0 0;
    padding-left: 20px;
    line-height: 1.5;
  }
  .changes {
    font-weight: 600;
    margin-top: 10px;
  }
`;

/** The verdict as a badge (Go, Go with changes, No-go), the rule that decided it and what would have to change. */
export function VerdictBlock({ verdict, label = 'Verdict' }: { verdict: VerdictInfo; label?: string }) {
  return (
    <VerdictBox $tone={TONE[verdict.word] ?? t.border} data-testid="sheet-verdict" data-verdict={verdict.word}>
      <div>
        <span className="label">{label}</span>
        <strong className="word">{verdict.word}</strong>
      </div>
      <p>{verdict.rule}</p>
      {verdict.changes.length > 0 && (
        <>
          <p className="changes">What would have to change:</p>
          <ul>
            {verdict.changes.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </>
      )}
    </VerdictBox>
  );
}

/** Figures in rows: neighbours with the same label and basis (one price line's several prices) share a row. */
function rowsOf(figures: ReadonlyArray<SheetFigure>): SheetFigure[][] {
  const rows: SheetFigure[][] = [];
  for (const f of figures) {
    const last = rows[rows.length - 1];
    if (last && last[0].label === f.label && last[0].basis === f.basis) last.push(f);
    else rows.push([f]);
  }
  return rows;
}

/** A sheet's figures as a table: what it is, its value (or range "low–high (base x)") and how it was worked out. */
export function FigureTable({
  figures,
  currency,
  label,
  caption,
  testId,
}: {
  figures: ReadonlyArray<SheetFigure>;
  currency: Pick<CurrencyInfo, 'symbol'>;
  /** The scroll box's accessible name. */
  label: string;
  caption?: string;
  testId?: string;
}) {
  if (!figures.length) return null;
  return (
    <ScrollBox aria-label={label} data-testid={testId}>
      <table>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col">How it is worked out</th>
          </tr>
        </thead>
        <tbody>
          {rowsOf(figures).map((row, i) => (
            <tr key={`${row[0].id}-${i}`} data-figure={row[0].id}>
              <th scope="row">{row[0].label}</th>
              <td className={`num${row.every((f) => f.value < 0) ? ' neg' : ''}`}>{row.map((f) => formatFigure(f, currency)).join(', ')}</td>
              <td className="basis">{row[0].basis}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

const Flags = styled.ul`
  margin: 6px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
  li {
    display: flex;
    gap: 8px;
    align-items: baseline;
    line-height: 1.45;
  }
  .sev {
    flex: none;
    font-size: 0.72rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    padding: 1px 8px;
    border-radius: 999px;
    border: 1px solid currentColor;
  }
  .high {
    color: ${t.danger};
  }
  .medium {
    color: ${t.focus};
  }
`;

/** The risk flags, each with its severity in words. */
export function RiskList({ risks }: { risks: ReadonlyArray<RiskFlag> }) {
  if (!risks.length) return <p data-testid="sheet-risks">No risk flags in the numbers.</p>;
  return (
    <Flags data-testid="sheet-risks">
      {risks.map((r) => (
        <li key={r.id}>
          <span className={`sev ${r.severity}`}>{r.severity === 'high' ? 'High' : 'Medium'}</span>
          <span>{r.text}</span>
        </li>
      ))}
    </Flags>
  );
}

const Facts = styled.ul`
  margin: 6px 0 0;
  padding-left: 1.2em;
  font-size: 0.9rem;
  color: ${t.textMuted};
  li {
    margin: 2px 0;
  }
`;

/** What the analyst's market table says about the market, with numbers: the sentences an analysis may quote (plain text). */
export function MarketFacts({ facts }: { facts: ReadonlyArray<string> | undefined }) {
  if (!facts?.length) return null;
  return (
    <Facts data-testid="sheet-market-facts">
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </Facts>
  );
}

const Note = styled.p`
  margin: 10px 0 0;
  font-size: 0.88rem;
  color: ${t.textMuted};
  line-height: 1.5;
`;

/** Whether live sources were consulted, in the sheet's own words (plain, never hidden). */
export function SourcesNoteLine({ sources }: { sources: SourcesNote }) {
  return <Note data-testid="sheet-sources-note">{sources.note}</Note>;
}

/** The host of an http(s) address ("www.ons.gov.uk"), or null for anything else. */
export function sourceHost(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : null;
  } catch {
    return null;
  }
}

/** The rel every link to a source carries: it comes from outside (a search result), so no ranking, referrer or opener. */
export const SOURCE_LINK_REL = 'nofollow ugc noopener noreferrer';

const SourceItems = styled.ol`
  && {
    list-style: none;
    margin: 6px 0 0;
    padding: 0;
  }
  display: grid;
  gap: 10px;
  font-size: 0.9rem;
  li {
    overflow-wrap: anywhere;
    line-height: 1.45;
  }
  .n {
    font-weight: 700;
    color: ${t.textMuted};
    margin-right: 6px;
  }
  a {
    color: ${t.accent};
    font-weight: 600;
  }
  .host {
    color: ${t.textMuted};
  }
  .url {
    display: block;
    color: ${t.textMuted};
    font-size: 0.82rem;
  }
  .snippet {
    display: block;
    margin-top: 2px;
  }
`;

const SourcesWrap = styled.div`
  margin-top: 16px;
  padding-top: 10px;
  border-top: 1px solid ${t.border};
  && :is(h2, h3, h4, h5, h6) {
    font-size: 0.95rem;
    margin: 0;
  }
`;

/**
 * A section's Sources: [n], the title (a link to the page, opened in a new tab without referrer
 * or opener), the host, the address as text and the excerpt as text. Addresses that are not
 * http(s) get no link. Nothing when the list is empty.
 */
export function SourcesList({ sources, level }: { sources: ReadonlyArray<SourceRef>; level: Level }) {
  if (!sources.length) return null;
  return (
    <SourcesWrap data-testid="section-sources">
      <SheetHeading level={level}>Sources</SheetHeading>
      <SourceItems>
        {sources.map((s) => {
          const host = sourceHost(s.url);
          return (
            <li key={s.n} data-source={s.n}>
              <span className="n">[{s.n}]</span>
              {host ? (
                <a href={s.url} target="_blank" rel={SOURCE_LINK_REL}>
                  {s.title || host}
                </a>
              ) : (
                <span>{s.title}</span>
              )}
              {host && <span className="host"> · {host}</span>}
              <span className="url">{s.url}</span>
              {s.snippet && <span className="snippet">{s.snippet}</span>}
            </li>
          );
        })}
      </SourceItems>
    </SourcesWrap>
  );
}

/** Who pays, as the basis' buyer choice reads. */
const BUYER_WHO = { consumer: 'consumers (people paying for themselves)', business: 'businesses and organisations' } as const;

/** The grid and controls of `BasisFields` (labels over selects and inputs, "changed by you" marks). */

export const BasisGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px 16px;
  margin: 10px 0 0;
  align-items: end;
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.85rem;
    font-weight: 600;
    color: ${t.textMuted};
    min-width: 0;
  }
  select,
  input {
    font: inherit;
    padding: 9px 10px;
    border-radius: 10px;
    border: 1px solid ${t.border};
    background: ${t.bgElevated};
    color: ${t.text};
    max-width: 100%;
    min-width: 0;
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
`;

/**
 * The six fields of a basis (market, segment, place, buyer, product kind, price), named
 * `basis.<field>` for a plain form post: filled from the basis a sheet shows (fields the founder
 * set marked "changed by you", and "your words point at X" when the read stayed general), or
 * blank ("read from my words") before there is a sheet. The report page and the validation page
 * both use it.
 */
export function BasisFields({ basis, currencyCode, testIdPrefix = 'basis' }: { basis?: SheetBasis | null; currencyCode?: string; testIdPrefix?: string }) {
  const set = new Set<string>(basis?.setByFounder ?? []);
  const mine = (f: string) => (set.has(f) ? <span className="mine">changed by you</span> : null);
  const fromWords = basis ? null : <option value="">read from my words</option>;
  const id = (s: string) => `${testIdPrefix}-${s}`;
  return (
    <BasisGrid>
      <label>
        <span>
          Market{mine('market')}
          {basis?.wordsPointAt && basis.market === 'general' ? (
            <span className="hint" data-testid="words-point-at">
              {' '}
              — your words point at {MARKET_LABELS[basis.wordsPointAt]}
            </span>
          ) : null}
        </span>
        <select name="basis.market" defaultValue={basis?.market ?? ''} data-testid={id('market')}>
          {fromWords}
          {MARKET_IDS.map((m) => (
            <option key={m} value={m}>
              {MARKET_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Segment (who exactly buys){mine('segment')}</span>
        <input
          name="basis.segment"
          defaultValue={basis?.segment ?? ''}
          maxLength={BASIS_LIMITS.segment}
          placeholder={basis ? undefined : 'your target customer'}
          data-testid={id('segment')}
        />
      </label>
      <label>
        <span>
          Place{mine('place')} <span className="hint">a country or region</span>
        </span>
        <input name="basis.place" defaultValue={basis?.place ?? ''} maxLength={BASIS_LIMITS.place} placeholder="not named" data-testid={id('place')} />
      </label>
      <label>
        <span>Buyer{mine('buyerKind')}</span>
        <select name="basis.buyerKind" defaultValue={basis?.buyerKind ?? ''} data-testid={id('buyer')}>
          {fromWords}
          {BUYER_KINDS.map((k) => (
            <option key={k} value={k}>
              {BUYER_WHO[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>What is sold{mine('productKind')}</span>
        <select name="basis.productKind" defaultValue={basis?.productKind ?? ''} data-testid={id('product-kind')}>
          <option value="">{basis ? 'not known' : 'read from my words'}</option>
          {PRODUCT_KINDS.map((k) => (
            <option key={k} value={k}>
              {PRODUCT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>
          Price a month{currencyCode ? ` (${currencyCode})` : ''}
          {mine('price')}
        </span>
        <input
          name="basis.price"
          type="number"
          min="0.01"
          step="any"
          inputMode="decimal"
          defaultValue={basis?.price ?? ''}
          placeholder={basis ? undefined : 'typical for the market'}
          data-testid={id('price')}
        />
      </label>
    </BasisGrid>
  );
}

/** The filled basis fields of a form (`basis.<field>`), as the API's `basis` takes them (its schema reads numbers and cases). */
export function basisOfForm(form: HTMLFormElement): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const el of Array.from(form.elements) as Array<HTMLInputElement | HTMLSelectElement>) {
    const v = typeof el.value === 'string' ? el.value.trim() : '';
    if (el.name?.startsWith('basis.') && v) out[el.name.slice(6)] = v;
  }
  return Object.keys(out).length ? out : undefined;
}
