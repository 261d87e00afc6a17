import { HOSTILE_TEXT, HOSTILE_TEXT_SHOWN, TERMINAL_CONTROLS } from '../../test/hostileText';
import { formatCount, formatTable, formatTimestamp, type Column } from './table';

interface Row {
  name: string;
  n: number;
  when: string | null;
}

const cols: Column<Row>[] = [
  { header: '#', align: 'right', value: (_r, i) => i + 1 },
  { header: 'Name', value: (r) => r.name, maxWidth: 12 },
  { header: 'Clicks', align: 'right', value: (r) => formatCount(r.n) },
  { header: 'Last', value: (r) => formatTimestamp(r.when) },
];

describe('formatTable', () => {
  it('aligns columns: text left, numbers right, a rule under the header, no trailing spaces', () => {
    const out = formatTable(cols, [
      { name: 'Bubble', n: 1234, when: '2026-01-31T14:05:09.000Z' },
      { name: 'Notion', n: 7, when: null },
    ]);
    expect(out).toBe(
      ['#  Name    Clicks  Last', '─  ──────  ──────  ────────────────────', '1  Bubble   1,234  2026-01-31 14:05 UTC', '2  Notion       7  —', ''].join('\n'),
    );
    for (const line of out.split('\n')) expect(line).not.toMatch(/\s$/);
  });

  it('cuts long values with an ellipsis and flattens newlines', () => {
    const out = formatTable(cols, [
      { name: 'A very long partner name', n: 1, when: null },
      { name: 'two\nlines', n: 2, when: null },
    ]);
    expect(out).toContain('A very long…');
    expect(out).toContain('two lines');
  });

  it('prints just the header for no rows', () => {
    expect(formatTable(cols, []).split('\n')).toHaveLength(3);
  });
});

describe('formatTimestamp', () => {
  it('formats ISO times in UTC and tolerates nothing', () => {
    expect(formatTimestamp('2026-03-01T00:00:00+02:00')).toBe('2026-02-28 22:00 UTC');
    expect(formatTimestamp(null)).toBeNull();
    expect(formatTimestamp('garbage')).toBeNull();
  });
});

describe('formatTable with cells a visitor wrote', () => {
  it('prints them without control sequences (a line break or CR is a space), their width measured on what shows', () => {
    const shown = HOSTILE_TEXT_SHOWN.replace('carriagereturn', 'carriage return');
    const out = formatTable(
      [
        { header: 'Product', value: (r: { p: string }) => r.p },
        { header: 'N', align: 'right', value: () => 1 },
      ],
      [{ p: HOSTILE_TEXT }, { p: 'Short' }],
    );
    expect(out).not.toMatch(TERMINAL_CONTROLS);
    const lines = out.split('\n');
    expect(lines[2]).toBe(`${shown}  1`);
    expect(lines[3]).toBe(`${'Short'.padEnd(shown.length)}  1`);
  });
});
