/**
 * A markdown text cut into the pieces the checker removes one at a time: headings, table rows,
 * list items, quote lines, code blocks, and the sentences of each paragraph. Offsets are into
 * the text; a sentence's span includes the spaces after it.
 */

export interface TextUnit {
  kind: 'heading' | 'row' | 'item' | 'quote' | 'code' | 'sentence';
  start: number;
  end: number;
}

/** Where a sentence ends: after . ! ? (or a closing quote or bracket after one), before a capital, digit, quote or mark. */
const SENTENCE_END = /[.!?]["”’)\]*_]*\s+(?=["“‘([*_]*[A-Z0-9£$€¥₹])/g;

export function textUnits(text: string): TextUnit[] {
  const units: TextUnit[] = [];
  const lines: Array<{ start: number; end: number; text: string }> = [];
  let at = 0;
  for (const line of text.split('\n')) {
    lines.push({ start: at, end: at + line.length, text: line });
    at += line.length + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.text;
    if (/^\s*(```|~~~)/.test(t)) {
      let j = i + 1;
      while (j < lines.length && !/^\s*(```|~~~)/.test(lines[j].text)) j += 1;
      const last = lines[Math.min(j, lines.length - 1)];
      units.push({ kind: 'code', start: l.start, end: last.end });
      i = j;
      continue;
    }
    if (!t.trim()) continue;
    if (/^\s*#{1,6}\s/.test(t)) units.push({ kind: 'heading', start: l.start, end: l.end });
    else if (/^\s*\|/.test(t)) units.push({ kind: 'row', start: l.start, end: l.end });
    else if (/^\s*([-*+•]|\d+[.)])\s/.test(t)) units.push({ kind: 'item', start: l.start, end: l.end });
    else if (/^\s*>/.test(t)) units.push({ kind: 'quote', start: l.start, end: l.end });
    else {
      // A paragraph: this line and the plain lines after it, cut into sentences.
      let j = i;
      while (j + 1 < lines.length && lines[j + 1].text.trim() && !/^\s*(#{1,6}\s|\||([-*+•]|\d+[.)])\s|>|```|~~~)/.test(lines[j + 1].text)) j += 1;
      const start = l.start;
      const end = lines[j].end;
      const para = text.slice(start, end);
      let from = 0;
      SENTENCE_END.lastIndex = 0;
      for (let m = SENTENCE_END.exec(para); m; m = SENTENCE_END.exec(para)) {
        const cut = m.index + m[0].length;
        units.push({ kind: 'sentence', start: start + from, end: start + cut });
        from = cut;
      }
      units.push({ kind: 'sentence', start: start + from, end });
      i = j;
    }
  }
  return units;
}
