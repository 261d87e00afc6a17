import { terminalSafe } from './terminalText';

/** A column of a text table. */
export interface Column<T> {
  header: string;
  /** Right-aligned (numbers). */
  align?: 'left' | 'right';
  value(row: T, index: number): string | number | null | undefined;
  /** Longest width before the text is cut with an ellipsis. */
  maxWidth?: number;
}

/** Display width of a string (code points; good enough for our texts). */
const width = (s: string) => [...s].length;

function cut(s: string, max: number): string {
  if (width(s) <= max) return s;
  return `${[...s].slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * A plain-text table: a header, a rule, one line per row; columns separated by two spaces,
 * numbers right-aligned, empty values shown as "—", no trailing spaces. Cells are printed
 * terminal-safe (they hold what visitors typed: product names, locations).
 */
export function formatTable<T>(columns: ReadonlyArray<Column<T>>, rows: ReadonlyArray<T>): string {
  const cells = rows.map((r, i) =>
    columns.map((c) => {
      const v = c.value(r, i);
      const s = v === null || v === undefined || v === '' ? '—' : terminalSafe(String(v).replace(/[\r\n\t]+/g, ' '));
      return c.maxWidth ? cut(s, c.maxWidth) : s;
    }),
  );
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i]))));
  const pad = (s: string, i: number) => {
    const fill = ' '.repeat(widths[i] - width(s));
    return columns[i].align === 'right' ? fill + s : s + fill;
  };
  const line = (r: string[]) => r.map(pad).join('  ').replace(/\s+$/, '');
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '─'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}

/** "2026-01-31 14:05 UTC" from an ISO timestamp; null/invalid → null. */
export function formatTimestamp(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
