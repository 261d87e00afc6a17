/*
 * UTF-8 lengths for the limits that match MySQL columns. Not in the browser entry: only the
 * evidence helpers (a lazy entry) and the schemas use it, so the landing page does not carry it.
 */

/** Length of a text in UTF-8 bytes (how MySQL counts a TEXT column), without encoding it. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
