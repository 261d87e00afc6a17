/**
 * Text a visitor or a model can store that a terminal would act on: a window title (OSC 0), a
 * screen clear and colours (CSI), a hidden link (OSC 8), a clipboard write (OSC 52), the 8-bit
 * forms of CSI and OSC (U+009B, U+009D … U+009C), a DCS, backspace, carriage return and bell.
 */
export const HOSTILE_TEXT =
  'Idea\u001b]0;pwned\u0007 with \u001b[2J\u001b[1;31mred\u001b[0m, \u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\, ' +
  '\u001b]52;c;ZXZpbA==\u0007clip, \u009b31mC1, \u009d0;title\u009c, \u001bP1$r0m\u001b\\dcs, back\bspace, carriage\rreturn, bell\u0007.';

/** What a reader should see of it. */
export const HOSTILE_TEXT_SHOWN = 'Idea with red, link, clip, C1, , dcs, backspace, carriagereturn, bell.';

/** Control characters a terminal acts on, other than line feed and tab (C0, DEL, C1). */
export const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
