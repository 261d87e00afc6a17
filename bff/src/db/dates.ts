/**
 * Reads a timestamp column the same on both databases: MySQL gives a Date, SQLite (through
 * knex/better-sqlite3) stores a Date as epoch milliseconds, and SQL defaults give UTC text.
 */
export function toDate(v: Date | string | number): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'number') return new Date(v);
  if (/^\d+$/.test(v)) return new Date(Number(v));
  return new Date(/Z|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
}
