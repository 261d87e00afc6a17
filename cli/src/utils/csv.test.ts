import { csvField, recordsToCsv, toCsv } from './csv';

describe('CSV (RFC 4180)', () => {
  it('leaves plain fields alone', () => {
    expect(csvField('bubble')).toBe('bubble');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('https://bubble.io/?ref=val')).toBe('https://bubble.io/?ref=val');
  });

  it('quotes fields with a comma, a quote, CR or LF, doubling inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('"')).toBe('""""');
  });

  it('ends every line, the last too, with CRLF and puts the header first', () => {
    const text = toCsv(
      ['a', 'b'],
      [
        [1, 'x,y'],
        [null, 'z'],
      ],
    );
    expect(text).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
  });

  it('writes records in the column order given, header only when empty', () => {
    const rows = [{ product: 'tam', clickCount: 3, lastClicked: null, extra: 'ignored' }];
    expect(recordsToCsv(['product', 'clickCount', 'lastClicked'], rows)).toBe('product,clickCount,lastClicked\r\ntam,3,\r\n');
    expect(recordsToCsv<{ product: string }>(['product'], [])).toBe('product\r\n');
  });

  it('round-trips through a strict parser', () => {
    const tricky = ['plain', 'com,ma', 'quo"te', 'new\nline', '', 'both ", and \r\n'];
    const text = toCsv(
      ['v'],
      tricky.map((t) => [t]),
    );
    expect(
      parseCsv(text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(tricky);
  });
});

/** A minimal RFC 4180 reader (for the round-trip test only). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
    i++;
  }
  return rows;
}
