import { jsPDF } from 'jspdf';
import { EVIDENCE_USED_TITLE, SYNTHETIC_INTERVIEW_LABEL, type InterviewEvidence } from '@val/contracts';

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
  steps: ReadonlyArray<{ id: string; title: string; raw_output: string }>;
  /** Step 3's synthetic interviews the order carried: listed under "Evidence used" (none → no such section). */
  evidence?: InterviewEvidence | null;
}

/** The standard PDF fonts cover Latin-1 only: map typographic characters, drop the rest. */
export function pdfSafe(s: string): string {
  return s
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
 * and link, then one section per step with the agent's markdown laid out as headings,
 * paragraphs, bullets, quotes and tables (as aligned rows).
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
  const write = (text: string, opts: { size?: number; bold?: boolean; italic?: boolean; indent?: number; gap?: number; color?: [number, number, number] } = {}) => {
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

  write(pdfSafe(r.productTitle).toUpperCase(), { size: 9, bold: true, color: [91, 61, 245], gap: 6 });
  write(pdfSafe(r.title), { size: 20, bold: true, gap: 8 });
  write(pdfSafe(r.description), { size: 11, color: [84, 90, 120], gap: 8 });
  write(`Report link: ${r.link}`, { size: 9, color: [84, 90, 120], gap: 2 });
  write(
    `Created ${r.createdAt.toISOString().slice(0, 10)} - ${r.steps.length} section${r.steps.length === 1 ? '' : 's'}${r.provider === 'offline' ? ' - written by the built-in offline analyst' : ''}${r.status === 'failed' ? ' - incomplete: some agents did not finish' : ''}`,
    { size: 9, color: [84, 90, 120], gap: 14 },
  );

  r.steps.forEach((step, i) => {
    ensure(60);
    doc.setDrawColor(214, 217, 232);
    doc.line(M, y, W - M, y);
    y += 12;
    write(`${i + 1}. ${pdfSafe(step.title)}`, { size: 15, bold: true, gap: 6 });
    let tableRows: string[][] = [];
    const flushTable = () => {
      if (!tableRows.length) return;
      const cols = tableRows[0].length;
      const colW = maxW / cols;
      tableRows.forEach((cells, ri) => {
        doc.setFont('helvetica', ri === 0 ? 'bold' : 'normal');
        doc.setFontSize(9);
        const wrapped = cells.map((c) => doc.splitTextToSize(inline(c), colW - 6) as string[]);
        const h = Math.max(...wrapped.map((w) => w.length)) * 11.5 + 4;
        ensure(h);
        doc.setTextColor(30, 32, 48);
        wrapped.forEach((w, ci) => w.forEach((line, li) => doc.text(line, M + ci * colW, y + 9 + li * 11.5)));
        y += h;
        doc.setDrawColor(230, 232, 240);
        doc.line(M, y - 2, W - M, y - 2);
      });
      y += 6;
      tableRows = [];
    };
    for (const raw of step.raw_output.split('\n')) {
      const line = raw.replace(/\s+$/, '');
      if (/^\s*\|.*\|\s*$/.test(line)) {
        if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) continue;
        tableRows.push(line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
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
    y += 8;
  });

  if (r.evidence?.length) {
    // Step 3's interviews, as typed: plain text (never markdown), each reply labelled synthetic.
    ensure(80);
    doc.setDrawColor(214, 217, 232);
    doc.line(M, y, W - M, y);
    y += 12;
    write(EVIDENCE_USED_TITLE, { size: 15, bold: true, gap: 4 });
    write(pdfSafe(`${SYNTHETIC_INTERVIEW_LABEL}. Step 3's interviews with AI personas, quoted by the sections above: hypotheses to test with real customers.`), {
      size: 9.5,
      italic: true,
      color: [84, 90, 120],
      gap: 8,
    });
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
