/**
 * The pure rules of Val's validation report, shared by the web (display + PDF) and the CLI:
 * heading detection, display cleaning, the section splitter and the PDF file name.
 * No dependencies: the jspdf document builder is its own package, `@val/pdf` (not part of this
 * package, so jspdf never lands in the shared bundle).
 */

/** Title of the PDF report. */
export const REPORT_TITLE = 'Startup Idea Validation Report';

/** Title of the section holding analysis text that comes before any detected heading. */
export const FALLBACK_SECTION_TITLE = 'Analysis Overview';

/** Words that make a short line a section heading, matched case-insensitively. */
export const HEADING_KEYWORDS = [
  'score',
  'market',
  'customer',
  'steps',
  'revenue',
  'timeline',
  'risk',
  'success',
  'suggestion',
  'simulation',
  'analysis',
] as const;

/** A heading line is shorter than this many characters. */
export const HEADING_MAX_LENGTH = 100;

const KEYWORD_RE = new RegExp(HEADING_KEYWORDS.join('|'), 'i');
const FENCE_RE = /^\s*(```|~~~)/;
/** Bullets, table rows and block quotes are content, never headings. */
const NOT_A_HEADING_RE = /^\s*([-*+•]\s|\||>)/;

/**
 * A line stripped of markdown heading marks (`## `), bold markers (`**`, `__`) and a trailing
 * colon: the text a heading shows as its title.
 */
export function headingTitle(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/\*\*|__/g, '')
    .trim()
    .replace(/:\s*$/, '')
    .trim();
}

/**
 * The spec's heading rule: a line shorter than 100 characters that does not end in a full stop
 * and contains a keyword (score, market, customer, steps, revenue, timeline, risk, success,
 * suggestion, simulation, analysis), after stripping markdown heading marks and bold markers.
 * Blank lines, bullet items, table rows, block quotes and code-fence lines are never headings.
 */
export function isReportHeading(line: string): boolean {
  if (!line.trim() || FENCE_RE.test(line) || NOT_A_HEADING_RE.test(line)) return false;
  const text = line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/\*\*|__/g, '')
    .trim();
  if (!text || text.length >= HEADING_MAX_LENGTH) return false;
  if (text.endsWith('.')) return false;
  return KEYWORD_RE.test(text);
}

/** A markdown ATX heading line (`# Title` … `###### Title`). */
function isMarkdownHeading(line: string): boolean {
  return /^\s{0,3}#{1,6}\s+\S/.test(line);
}

/** Removes code-fence marker lines (```lang, ```, ~~~) and keeps what was inside them. */
export function removeCodeFences(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((l) => !FENCE_RE.test(l))
    .join('\n');
}

/**
 * The feedback as displayed: code-fence markers removed, then everything before
 * the first heading line dropped. When the text has markdown headings (`## …`), the first of
 * them is the first heading (so a preamble such as "Here is my analysis:" goes); otherwise the
 * first line matching the heading rule is. Text without any heading is kept whole.
 */
export function cleanFeedbackForDisplay(feedback: string): string {
  const lines = removeCodeFences(feedback).split('\n');
  const markdown = lines.findIndex((l) => isMarkdownHeading(l));
  const first = markdown >= 0 ? markdown : lines.findIndex((l) => isReportHeading(l));
  return (first > 0 ? lines.slice(first) : lines).join('\n').trim();
}

/** One titled part of the analysis. */
export interface ReportSection {
  title: string;
  /** The section's text (markdown), without its heading line. */
  body: string;
}

/**
 * Splits the analysis into titled sections by the heading rule. Text before the first heading
 * (or all text, when there is no heading) goes into a section titled 'Analysis Overview'.
 * Code-fence markers are removed; empty leading text makes no section.
 */
export function splitReportSections(feedback: string): ReportSection[] {
  const sections: ReportSection[] = [];
  let current: { title: string; lines: string[] } = { title: FALLBACK_SECTION_TITLE, lines: [] };
  const push = () => {
    const body = current.lines.join('\n').trim();
    if (body || current.title !== FALLBACK_SECTION_TITLE) sections.push({ title: current.title, body });
  };
  for (const line of removeCodeFences(feedback).split('\n')) {
    if (isReportHeading(line)) {
      push();
      current = { title: headingTitle(line), lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  push();
  return sections;
}

/** Lower-case, safe (a-z, 0-9) words of a text, accents folded. */
function safeWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
}

/**
 * The PDF's file name: `val-report-` + the first three words of the idea (lower-case, safe
 * characters, joined by '-'; 'idea' when none is usable) + '-' + a six-digit time suffix
 * (the last six digits of the epoch milliseconds) + `.pdf`.
 */
export function reportFileName(idea: string, now: number | Date = Date.now()): string {
  const words = safeWords(idea)
    .slice(0, 3)
    .map((w) => w.slice(0, 24));
  const ms = typeof now === 'number' ? now : now.getTime();
  const suffix = String(Math.abs(Math.floor(ms)) % 1_000_000).padStart(6, '0');
  return `val-report-${(words.length ? words : ['idea']).join('-')}-${suffix}.pdf`;
}

/**
 * Markdown reduced to plain lines for print: heading marks, emphasis, inline code and link
 * syntax removed (a link keeps its text and shows its address in brackets), bullets as '•'.
 */
export function markdownToPlainLines(markdown: string): string[] {
  return removeCodeFences(markdown)
    .split('\n')
    .map((raw) => {
      let l = raw.replace(/\t/g, '  ').trimEnd();
      if (/^\s*([-*_])\s*(\1\s*){2,}$/.test(l)) return '';
      if (/^\s*\|?\s*:?-{3,}/.test(l) && /^[\s|:-]+$/.test(l)) return '';
      l = l.replace(/^\s{0,3}#{1,6}\s+/, '');
      l = l.replace(/^(\s*)[-*+]\s+\[( |x|X)\]\s+/, '$1• ');
      l = l.replace(/^(\s*)[-*+]\s+/, '$1• ');
      l = l.replace(/^\s*>\s?/, '');
      l = l.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1');
      l = l.replace(/\[([^\]]+)\]\((\S+?)(?:\s+"[^"]*")?\)/g, (_m, text: string, url: string) => (text === url ? text : `${text} (${url})`));
      l = l.replace(/(\*\*|__)(.+?)\1/g, '$2').replace(/(^|[^*\w])[*_]([^*_\s][^*_]*?)[*_](?=[^*\w]|$)/g, '$1$2');
      l = l.replace(/`([^`]+)`/g, '$1');
      l = l.replace(/<[^>]+>/g, '');
      if (/^\s*\|.*\|\s*$/.test(l))
        l = l
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim())
          .join('  ·  ');
      return l;
    })
    .reduce<string[]>((out, l) => {
      if (!l.trim() && (!out.length || !out[out.length - 1].trim())) return out;
      out.push(l);
      return out;
    }, [])
    .join('\n')
    .trim()
    .split('\n');
}
