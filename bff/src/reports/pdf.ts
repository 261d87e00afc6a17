import { jsPDF } from 'jspdf';
import {
  EVIDENCE_USED_TITLE,
  FACT_SHEET_TITLE,
  SYNTHETIC_INTERVIEW_LABEL,
  breakEvenLabel,
  formatFigure,
  formatMoney,
  formatWhole,
  type InterviewEvidence,
  type ReportFactSheet,
  type SheetFigure,
  type SourceRef,
} from '@val/contracts';

/** What goes into a report PDF. */
export interface PdfReport {
  id: string;
  title: string;
  description: string;
  productTitle: string;
  status: string;
  createdAt: Date;
  link: string;
  provider: string | null;
  steps: ReadonlyArray<{
    id: string;
    title: string;
    raw_output: string;
    sources?: ReadonlyArray<SourceRef> | null;
    /** The founder changed the numbers after this section was written (it says so). */
    writtenForOriginal?: boolean;
    /** The model's draft stayed hollow after its rounds: Val wrote the section from the fact sheet (it says so). */
    writtenBy?: 'offline-after-model';
  }>;
  /** Step 3's synthetic interviews the order carried: listed under "Evidence used" (none → no such section). */
  evidence?: InterviewEvidence | null;
  /** The numbers the report rests on, printed after the cover (none on reports made before fact sheets). */
  sheet?: ReportFactSheet | null;
}

/** The note of a section Val wrote from the sheet after the model's draft failed (the page shows the same words). */
export const WRITTEN_FROM_SHEET_NOTE = "Written by Val from the numbers behind this report: the model's draft failed the consistency check twice.";

/**
 * Currency signs outside Latin-1, which the standard PDF fonts cannot print, as their ISO codes
 * ("€61K" → "EUR 61K", "30 €" → "30 EUR"): no amount loses its currency. £ and ¥ are Latin-1 and stay.
 */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '₹': 'INR',
  '₦': 'NGN',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₱': 'PHP',
  '₫': 'VND',
  '₪': 'ILS',
  '฿': 'THB',
  '₴': 'UAH',
  '₸': 'KZT',
  '₡': 'CRC',
  '₵': 'GHS',
  '₲': 'PYG',
  '₭': 'LAK',
  '₮': 'MNT',
  '₼': 'AZN',
  '₾': 'GEL',
  '৳': 'BDT',
  '₨': 'Rs',
  '₿': 'BTC',
};
const SIGNS = Object.keys(CURRENCY_SIGNS).join('');
const SIGN_BEFORE = new RegExp(`([${SIGNS}])\\s?(?=[\\d.,])`, 'gu');
const SIGN_AFTER = new RegExp(`(\\d)\\s?([${SIGNS}])`, 'gu');
const SIGN_ALONE = new RegExp(`[${SIGNS}]`, 'gu');

/** The standard PDF fonts cover Latin-1 only: currency signs become ISO codes, typographic characters are mapped, the rest dropped. */
export function pdfSafe(s: string): string {
  return s
    .replace(SIGN_BEFORE, (_m, c: string) => `${CURRENCY_SIGNS[c]} `)
    .replace(SIGN_AFTER, (_m, d: string, c: string) => `${d} ${CURRENCY_SIGNS[c]}`)
    .replace(SIGN_ALONE, (c) => CURRENCY_SIGNS[c])
    .replace(/\u2248/g, '~')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u2022\u25CF]/g, '-')
    .replace(/\u2192/g, '->')
    .replace(/\u2264/g, '<=')
    .replace(/\u2265/g, '>=')
    .replace(/\u00D7/g, 'x')
    .replace(/[^\n\t\x20-\x7E\u00A0-\u00FF]/g, '');
}

/** Inline markdown removed: bold/italic markers, code ticks, links (text kept), backslash escapes. */
function inline(s: string): string {
  return pdfSafe(
    s
      .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
      .replace(/\*\*([^*]+)\*\*/g, '$1')
      .replace(/__([^_]+)__/g, '$1')
      .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1$2')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1'),
  );
}

/** The host of an http(s) address, or '' for anything else. */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : '';
  } catch {
    return '';
  }
}

/** A file name for a report: val-report-<title words>-<id start>.pdf. */
export function reportPdfFileName(title: string, id: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .join('-');
  return `val-report-${words || 'report'}-${id.slice(0, 8).replace(/[^A-Za-z0-9]/g, 'x')}.pdf`;
}

/**
 * Renders a report as an A4 PDF (server-side jspdf): a cover block with the title, description
 * and link; "The numbers behind this report" when the report has a fact sheet (verdict, market
 * read, sizing, economics, plan, five years, break-even, scores, risk flags, sources note); then
 * one section per step with the agent's markdown laid out as headings, paragraphs, bullets,
 * quotes and tables (as aligned rows), and its Sources when it cites any.
 */
export function renderReportPdf(r: PdfReport): Buffer {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
  doc.setProperties({ title: pdfSafe(r.title), subject: pdfSafe(r.productTitle), creator: 'Val' });
  const W = doc.internal.pageSize.getWidth();
  const H = doc.internal.pageSize.getHeight();
  const M = 54;
  const maxW = W - 2 * M;
  let y = M;

  const ensure = (h: number) => {
    if (y + h > H - M) {
      doc.addPage();
      y = M;
    }
  };
  const write = (
    text: string,
    opts: { size?: number; bold?: boolean; italic?: boolean; indent?: number; gap?: number; color?: [number, number, number] } = {},
  ) => {
    const size = opts.size ?? 10.5;
    doc.setFont('helvetica', opts.bold ? (opts.italic ? 'bolditalic' : 'bold') : opts.italic ? 'italic' : 'normal');
    doc.setFontSize(size);
    doc.setTextColor(...(opts.color ?? [30, 32, 48]));
    const indent = opts.indent ?? 0;
    const lines = doc.splitTextToSize(text, maxW - indent) as string[];
    const lh = size * 1.35;
    for (const line of lines) {
      ensure(lh);
      doc.text(line, M + indent, y + size);
      y += lh;
    }
    y += opts.gap ?? 4;
  };

  /** Rows as aligned columns (the first row bold as the header); `widths` are fractions of the line; `tone` colours a cell. */
  const table = (rows: string[][], widths?: number[], tone?: (ri: number, ci: number) => [number, number, number] | undefined) => {
    if (!rows.length) return;
    const cols = rows[0].length;
    const w = (widths ?? Array.from({ length: cols }, () => 1 / cols)).map((f) => f * maxW);
    const x = w.map((_, i) => M + w.slice(0, i).reduce((a, b) => a + b, 0));
    rows.forEach((cells, ri) => {
      doc.setFont('helvetica', ri === 0 ? 'bold' : 'normal');
      doc.setFontSize(9);
      const wrapped = cells.map((c, ci) => doc.splitTextToSize(c, w[ci] - 6) as string[]);
      const h = Math.max(...wrapped.map((l) => l.length)) * 11.5 + 4;
      ensure(h);
      wrapped.forEach((lines, ci) => {
        doc.setTextColor(...((ri > 0 && tone?.(ri, ci)) || ([30, 32, 48] as [number, number, number])));
        lines.forEach((line, li) => doc.text(line, x[ci], y + 9 + li * 11.5));
      });
      y += h;
      doc.setDrawColor(230, 232, 240);
      doc.line(M, y - 2, W - M, y - 2);
    });
    y += 6;
  };
  const rule = () => {
    doc.setDrawColor(214, 217, 232);
    doc.line(M, y, W - M, y);
    y += 12;
  };
  const muted: [number, number, number] = [84, 90, 120];
  const red: [number, number, number] = [185, 28, 28];

  write(pdfSafe(r.productTitle).toUpperCase(), { size: 9, bold: true, color: [91, 61, 245], gap: 6 });
  write(pdfSafe(r.title), { size: 20, bold: true, gap: 8 });
  write(pdfSafe(r.description), { size: 11, color: muted, gap: 8 });
  write(`Report link: ${r.link}`, { size: 9, color: muted, gap: 2 });
  write(
    `Created ${r.createdAt.toISOString().slice(0, 10)} - ${r.steps.length} section${r.steps.length === 1 ? '' : 's'}${r.provider === 'offline' ? ' - written by the built-in offline analyst' : ''}${r.status === 'failed' ? ' - incomplete: some agents did not finish' : ''}`,
    { size: 9, color: muted, gap: 14 },
  );

  if (r.sheet) {
    // The fact sheet, compact: what every section was written around and checked against.
    const sh = r.sheet;
    const c = sh.currency;
    const money = (n: number) => pdfSafe(formatMoney(n, c));
    const figures = (title: string, list: ReadonlyArray<SheetFigure>) => {
      if (!list.length) return;
      ensure(50);
      write(title, { size: 11.5, bold: true, gap: 3 });
      table([['Figure', 'Value', 'How it is worked out'], ...list.map((f) => [f.label, formatFigure(f, c), f.basis].map(pdfSafe))], [0.26, 0.3, 0.44]);
    };
    rule();
    write(FACT_SHEET_TITLE, { size: 15, bold: true, gap: 4 });
    write('Computed in code from your inputs before any agent wrote a word; every section below was written around these figures and checked against them.', {
      size: 9.5,
      italic: true,
      color: muted,
      gap: 8,
    });
    const tone: Record<string, [number, number, number]> = { Go: [4, 120, 87], 'Go with changes': [180, 83, 9], 'No-go': red };
    write(`Verdict: ${sh.verdict.word}`, { size: 13, bold: true, color: tone[sh.verdict.word], gap: 2 });
    write(pdfSafe(sh.verdict.rule), { gap: 3 });
    if (sh.verdict.changes.length) {
      write('What would have to change:', { bold: true, size: 10, gap: 2 });
      for (const ch of sh.verdict.changes) write(`- ${pdfSafe(ch)}`, { indent: 12, gap: 2 });
    }
    y += 4;
    const rate =
      c.code === 'USD'
        ? 'in US dollars'
        : `in ${c.code}, converted from US dollars at a fixed planning rate (1 USD = ${c.perUsd} ${c.code}), not a live exchange rate`;
    write(
      pdfSafe(
        `Market read: ${sh.market.general ? 'general (no clear market in your inputs)' : sh.market.label} - place: ${sh.market.place ?? 'not named'} - buyer: ${sh.market.buyer === 'business' ? 'businesses' : 'consumers'}. Amounts are ${rate}.`,
      ),
      { size: 10, gap: 8 },
    );
    if (sh.basis) {
      const b = sh.basis;
      const mark = (f: string) => (b.setByFounder.includes(f as never) ? ' (set by you)' : '');
      write(
        pdfSafe(
          `Basis: market ${b.marketLabel}${mark('market')}${b.wordsPointAt && b.market === 'general' ? ` (your words point at ${b.wordsPointAt})` : ''} - segment: ${b.segment}${mark('segment')} - place: ${b.place ?? 'not named'}${mark('place')} - buyer: ${b.buyerKind}${mark('buyerKind')} - product: ${b.productKind ?? 'not known'}${mark('productKind')} - price: ${formatMoney(b.price, c)} a month${mark('price')}.`,
        ),
        { size: 10, gap: 4 },
      );
    }
    const mine = (sh.assumptions ?? []).filter((x) => x.changedByYou);
    if (mine.length) {
      const v = (x: (typeof mine)[number], n: number) => formatFigure({ kind: x.kind, value: n, per: x.per }, c);
      write(pdfSafe(`Changed by you: ${mine.map((x) => `${x.label} ${v(x, x.value)} (originally ${v(x, x.original)})`).join('; ')}.`), {
        size: 10,
        bold: true,
        gap: 8,
      });
    }
    figures('Market size', sh.sizing);
    figures('Unit economics', sh.economics);
    figures('Plan', sh.plan);
    ensure(90);
    write('Five-year forecast', { size: 11.5, bold: true, gap: 3 });
    table(
      [
        ['Year', 'Paying customers', 'Revenue', 'Costs', 'Profit / loss'],
        ...sh.years.map((yr) => [
          `Year ${yr.year}`,
          formatWhole(yr.customers),
          money(yr.revenue),
          money(yr.costs),
          `${money(yr.profit)}${yr.profit < 0 ? ' (loss)' : ''}`,
        ]),
      ],
      undefined,
      (ri, ci) => (ci === 4 && sh.years[ri - 1]?.profit < 0 ? red : undefined),
    );
    write(`Break-even: ${breakEvenLabel(sh.breakEvenMonth)}`, { size: 10.5, bold: true, gap: 8 });
    ensure(60);
    write('Scores (0-3 Low, 4-6 Medium, 7-10 High)', { size: 11.5, bold: true, gap: 3 });
    table(
      [
        ['Score', 'Out of 10', 'Level', 'How it is worked out'],
        ...sh.scores.map((sc) => [sc.label, `${Number(sc.score.toFixed(1))}/10`, sc.level, sc.basis].map(pdfSafe)),
      ],
      [0.26, 0.12, 0.12, 0.5],
    );
    ensure(40);
    write('Risk flags', { size: 11.5, bold: true, gap: 3 });
    if (!sh.risks.length) write('No risk flags in the numbers.', { gap: 2 });
    for (const risk of sh.risks) write(`- [${risk.severity === 'high' ? 'High' : 'Medium'}] ${pdfSafe(risk.text)}`, { indent: 12, gap: 2 });
    if (sh.marketFacts?.length) {
      ensure(40);
      write("From the analyst's market table", { size: 11.5, bold: true, gap: 3 });
      for (const fact of sh.marketFacts) write(`- ${pdfSafe(fact)}`, { indent: 12, gap: 2 });
    }
    y += 4;
    write(pdfSafe(`Sources: ${sh.sources.note}`), { size: 9.5, italic: true, color: muted, gap: 14 });
  }

  r.steps.forEach((step, i) => {
    ensure(60);
    rule();
    write(`${i + 1}. ${pdfSafe(step.title)}`, { size: 15, bold: true, gap: 6 });
    if (step.writtenForOriginal)
      write('Written for the original numbers - write it again on the report page for yours.', { size: 9.5, italic: true, color: muted, gap: 6 });
    if (step.writtenBy === 'offline-after-model') write(pdfSafe(WRITTEN_FROM_SHEET_NOTE), { size: 9.5, italic: true, color: muted, gap: 6 });
    let tableRows: string[][] = [];
    const flushTable = () => {
      table(tableRows.map((cells) => cells.map(inline)));
      tableRows = [];
    };
    for (const raw of step.raw_output.split('\n')) {
      const line = raw.replace(/\s+$/, '');
      if (/^\s*\|.*\|\s*$/.test(line)) {
        if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) continue;
        tableRows.push(
          line
            .trim()
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((c) => c.trim()),
        );
        continue;
      }
      flushTable();
      if (!line.trim()) {
        y += 3;
        continue;
      }
      const h = line.match(/^(#{1,6})\s+(.*)$/);
      const bullet = line.match(/^(\s*)(?:[-*+]|(\d+)[.)])\s+(.*)$/);
      if (h) write(inline(h[2]), { size: h[1].length <= 3 ? 12 : 11, bold: true, gap: 3 });
      else if (bullet) {
        const depth = Math.min(3, Math.floor(bullet[1].length / 2));
        write(`${bullet[2] ? `${bullet[2]}.` : '-'} ${inline(bullet[3])}`, { indent: 12 + depth * 12, gap: 2 });
      } else if (/^>\s?/.test(line)) write(inline(line.replace(/^>\s?/, '')), { italic: true, indent: 12, color: [70, 74, 100], gap: 2 });
      else if (/^```/.test(line)) continue;
      else write(inline(line), { gap: 3 });
    }
    flushTable();
    if (step.sources?.length) {
      // Search results, as text: title and host, the address, the excerpt.
      ensure(40);
      write('Sources', { size: 11, bold: true, gap: 3 });
      for (const src of step.sources) {
        write(pdfSafe(`[${src.n}] ${src.title}${hostOf(src.url) ? ` - ${hostOf(src.url)}` : ''}`), { size: 9.5, bold: true, indent: 12, gap: 1 });
        write(pdfSafe(src.url), { size: 8.5, indent: 12, color: muted, gap: 1 });
        if (src.snippet) write(pdfSafe(src.snippet), { size: 9, italic: true, indent: 12, color: [70, 74, 100], gap: 4 });
      }
    }
    y += 8;
  });

  if (r.evidence?.length) {
    // Step 3's interviews, as typed: plain text (never markdown), each reply labelled synthetic.
    ensure(80);
    rule();
    write(EVIDENCE_USED_TITLE, { size: 15, bold: true, gap: 4 });
    write(
      pdfSafe(`${SYNTHETIC_INTERVIEW_LABEL}. Step 3's interviews with AI personas, quoted by the sections above: hypotheses to test with real customers.`),
      {
        size: 9.5,
        italic: true,
        color: [84, 90, 120],
        gap: 8,
      },
    );
    for (const p of r.evidence) {
      ensure(40);
      write(pdfSafe(p.role ? `${p.name}, ${p.role}` : p.name), { size: 11.5, bold: true, gap: 2 });
      write(pdfSafe(SYNTHETIC_INTERVIEW_LABEL), { size: 8.5, color: [140, 90, 20], gap: 4 });
      for (const x of p.exchanges) {
        write(pdfSafe(`Q: ${x.question}`), { size: 10, bold: true, indent: 12, gap: 1 });
        write(pdfSafe(`"${x.reply}"`), { size: 10, italic: true, indent: 12, color: [70, 74, 100], gap: 6 });
      }
      y += 4;
    }
  }

  const pages = doc.getNumberOfPages();
  for (let i = 1; i <= pages; i += 1) {
    doc.setPage(i);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(140, 144, 170);
    doc.text(`Val - ${pdfSafe(r.productTitle)} - page ${i} of ${pages}`, M, H - 28);
  }
  return Buffer.from(doc.output('arraybuffer'));
}
