/** A CSV cell value; null and undefined become empty fields. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One RFC 4180 field: quoted when it holds a comma, a double quote, CR or LF (or leading/trailing
 * spaces, which spreadsheets would otherwise trim), with inner quotes doubled.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 text: a header line, then one line per row, every line ended by CRLF. */
export function toCsv(columns: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return [columns, ...rows].map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** CSV of records, one column per key in `columns` order. */
export function recordsToCsv<T extends object>(columns: ReadonlyArray<keyof T & string>, records: ReadonlyArray<T>): string {
  return toCsv(
    columns,
    records.map((r) => columns.map((c) => r[c] as unknown as CsvValue)),
  );
}
