/*
 * Text from visitors and models (ideas, feedback, report titles, product names, server messages)
 * is printed to an operator's terminal, which acts on control sequences in it: a window title, a
 * cleared screen, a hidden link (OSC 8), a clipboard write (OSC 52), a rewritten line (CR,
 * backspace). `strip-ansi` removes CSI and OSC sequences only; this removes every sequence and
 * control character a terminal acts on, in 7-bit and 8-bit (C1) form.
 */

/** A string introduced by ESC ] P X ^ _ or their C1 forms, with its body and terminator (BEL, ST). */
const STRING_SEQUENCE = '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])(?:[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c))?';
/** A control sequence: ESC [ or U+009B, parameter bytes, intermediate bytes, a final byte. */
const CONTROL_SEQUENCE = '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?';
/** Any other escape: ESC, intermediate bytes, a final byte (charset switches, reset, cursor save). */
const OTHER_ESCAPE = '\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]?';
const SEQUENCES = new RegExp(`${STRING_SEQUENCE}|${CONTROL_SEQUENCE}|${OTHER_ESCAPE}`, 'g');
/** What is left a terminal acts on: C0 controls but line feed and tab, DEL, C1 controls. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * `text` as it may be printed on a terminal: escape sequences (CSI, OSC, DCS, APC, PM, SOS, in
 * 7-bit and 8-bit form) removed with their parameters, then every other control character but
 * line feed and tab (CR, backspace, bell, DEL, C1). An introducer without its terminator loses
 * only itself; what follows is printed as plain text.
 */
export function terminalSafe(text: string): string {
  return text.replace(SEQUENCES, '').replace(CONTROLS, '');
}

const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;

/**
 * A value as indented JSON for `--json` output: JSON.stringify already escapes C0 controls; DEL,
 * the C1 controls (U+009B is a CSI to many terminals) and the line separators are escaped too.
 * The text parses back to the same value.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
