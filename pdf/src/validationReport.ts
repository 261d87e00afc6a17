/**
 * The PDF of a validation ("Startup Idea Validation Report"), built with jspdf. One builder for
 * the web (loaded lazily: `import('@val/pdf')`) and the CLI (`import('@val/pdf')`). A package of its
 * own (not part of @val/contracts), so jspdf stays out of the shared bundle.
 */
import { jsPDF } from 'jspdf';
import {
  REPORT_TITLE,
  VALIDATION_INPUTS,
  cleanFeedbackForDisplay,
  markdownToPlainLines,
  reportFileName,
  splitReportSections,
  type ValidationData,
  type ValidationInputName,
  type ValidationInputSpec,
} from '@val/contracts';

export interface ValidationReportOptions {
  /** Printed under the title and used for the file name's time suffix (default: now). */
  generatedAt?: Date;
}

/** A built report. */
export interface ValidationReportPdf {
  /** The PDF file. */
  bytes: Uint8Array<ArrayBuffer>;
  /** `val-report-<first three words>-<six digits>.pdf`. */
  fileName: string;
  pageCount: number;
  /** Every section title in print order: the inputs (Idea, Target Customer, Problem Solved…), then the analysis. */
  sectionTitles: string[];
}

const PAGE = { width: 210, height: 297 };
const MARGIN = { left: 20, right: 20, top: 22, bottom: 24 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const PT_TO_MM = 0.3528;
const COLORS = {
  title: [76, 48, 220] as const,
  heading: [60, 40, 170] as const,
  text: [28, 30, 45] as const,
  muted: [110, 114, 135] as const,
  rule: [214, 217, 232] as const,
};

/** Characters of WinAnsi (the standard PDF fonts' encoding) beyond Latin-1. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const REPLACEMENTS: Record<string, string> = {
  '→': '->',
  '⇒': '=>',
  '←': '<-',
  '↑': '^',
  '↓': 'v',
  '≥': '>=',
  '≤': '<=',
  '≈': '~',
  '≠': '!=',
  '✓': '-',
  '✔': '-',
  '✗': 'x',
  '✘': 'x',
  '★': '*',
  '☆': '*',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '\u00a0': ' ',
  // Currency signs outside WinAnsi: their ISO codes, so no amount loses its currency.
  '₹': 'INR ',
  '₦': 'NGN ',
  '₩': 'KRW ',
  '₱': 'PHP ',
  '₺': 'TRY ',
  '₽': 'RUB ',
  '₫': 'VND ',
  '₪': 'ILS ',
};

/** Text the built-in fonts can print: known symbols spelled out, anything else outside WinAnsi dropped. */
export function printableText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (ch === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) out += ch;
    else if (code === 0x09) out += '  ';
  }
  return out.replace(/[ ]{2,}(?=\S)/g, (m) => (m.length > 4 ? '    ' : m));
}

/** Builds the report: title, the inputs, then the analysis (as displayed) split into titled sections. */
export function buildValidationReportPdf(data: ValidationData, opts: ValidationReportOptions = {}): ValidationReportPdf {
  const generatedAt = opts.generatedAt ?? new Date();
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  doc.setProperties({ title: REPORT_TITLE, subject: printableText(data.idea).slice(0, 200), creator: 'Val', author: 'Val' });
  const titles: string[] = [];
  let y = MARGIN.top;

  const lineHeight = (size: number) => size * PT_TO_MM * 1.4;
  const ensure = (height: number) => {
    if (y + height > PAGE.height - MARGIN.bottom) {
      doc.addPage();
      y = MARGIN.top;
    }
  };
  const setText = (size: number, style: 'normal' | 'bold' | 'italic', color: readonly [number, number, number]) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(color[0], color[1], color[2]);
  };
  const writeWrapped = (text: string, x: number, width: number, size: number) => {
    const lines = doc.splitTextToSize(text, width) as string[];
    for (const l of lines) {
      ensure(lineHeight(size));
      doc.text(l, x, y, { baseline: 'top' });
      y += lineHeight(size);
    }
  };
  const heading = (title: string) => {
    const clean = printableText(title).trim() || 'Section';
    titles.push(clean);
    y += 4;
    setText(13, 'bold', COLORS.heading);
    const lines = doc.splitTextToSize(clean, CONTENT_WIDTH) as string[];
    ensure(lines.length * lineHeight(13) + 2 * lineHeight(11) + 2);
    for (const l of lines) {
      doc.text(l, MARGIN.left, y, { baseline: 'top' });
      y += lineHeight(13);
    }
    doc.setDrawColor(COLORS.rule[0], COLORS.rule[1], COLORS.rule[2]);
    doc.setLineWidth(0.3);
    doc.line(MARGIN.left, y + 0.5, MARGIN.left + CONTENT_WIDTH, y + 0.5);
    y += 3;
  };
  const paragraph = (markdown: string) => {
    setText(11, 'normal', COLORS.text);
    for (const raw of markdownToPlainLines(markdown)) {
      const line = printableText(raw);
      if (!line.trim()) {
        y += lineHeight(11) * 0.5;
        continue;
      }
      const bullet = /^(\s*)•\s+(.*)$/.exec(line);
      if (bullet) {
        const indent = Math.min(3, Math.floor(bullet[1].length / 2)) * 5;
        ensure(lineHeight(11));
        doc.text('•', MARGIN.left + indent + 1, y, { baseline: 'top' });
        writeWrapped(bullet[2], MARGIN.left + indent + 6, CONTENT_WIDTH - indent - 6, 11);
      } else {
        writeWrapped(line.trim(), MARGIN.left, CONTENT_WIDTH, 11);
      }
    }
  };

  setText(22, 'bold', COLORS.title);
  for (const l of doc.splitTextToSize(REPORT_TITLE, CONTENT_WIDTH) as string[]) {
    doc.text(l, MARGIN.left, y, { baseline: 'top' });
    y += lineHeight(22);
  }
  setText(10, 'normal', COLORS.muted);
  const date = generatedAt.toISOString().slice(0, 10);
  doc.text(`Prepared by Val, your AI startup mentor - ${date}`, MARGIN.left, y + 1, { baseline: 'top' });
  y += lineHeight(10) + 4;

  for (const f of VALIDATION_INPUTS as readonly ValidationInputSpec[]) {
    const value = data[f.name as ValidationInputName];
    if (value === undefined) continue;
    heading(f.pdfHeading);
    paragraph(value);
  }
  for (const section of splitReportSections(cleanFeedbackForDisplay(data.feedback))) {
    heading(section.title);
    if (section.body) paragraph(section.body);
  }

  const pageCount = doc.getNumberOfPages();
  for (let p = 1; p <= pageCount; p++) {
    doc.setPage(p);
    setText(9, 'normal', COLORS.muted);
    const footerY = PAGE.height - 12;
    doc.text('Val - Startup Idea Validation Report', MARGIN.left, footerY);
    doc.text(`Page ${p} of ${pageCount}`, PAGE.width - MARGIN.right, footerY, { align: 'right' });
  }

  return {
    bytes: new Uint8Array(doc.output('arraybuffer')),
    fileName: reportFileName(data.idea, generatedAt),
    pageCount,
    sectionTitles: titles,
  };
}
