import { isReportHeading } from '@val/contracts';

const FENCE_RE = /^\s*(```|~~~)/;
const MARKDOWN_HEADING_RE = /^\s{0,3}#{1,6}\s+\S/;

/**
 * The display rule of Val's feedback (`cleanFeedbackForDisplay` in contracts: code-fence marker
 * lines removed, text before the first heading dropped) applied to a stream, so text can be
 * printed as it arrives. Lines before the first heading are held back; once a heading is seen
 * everything flows through (a line is let out as soon as it cannot be a fence marker). If the
 * stream ends without any heading, the held text is released whole, as the display rule keeps it.
 */
export class StreamCleaner {
  private started = false;
  private held: string[] = [];
  private line = '';
  private emitted = 0;

  /** Feeds a piece of text; returns what can be printed now. */
  feed(text: string): string {
    let out = '';
    const parts = (this.line + text).split('\n');
    this.line = parts.pop() ?? '';
    const carried = this.emitted;
    parts.forEach((l, i) => {
      out += this.completeLine(l, i === 0 ? carried : 0);
    });
    if (parts.length) this.emitted = 0;
    if (this.started && this.line && !this.maybeFence(this.line)) {
      out += this.line.slice(this.emitted);
      this.emitted = this.line.length;
    }
    return out;
  }

  /** Ends the stream; returns what is left to print. */
  end(): string {
    let out = this.line ? this.completeLine(this.line, this.emitted, false) : '';
    this.line = '';
    this.emitted = 0;
    if (!this.started) {
      out += this.held.join('\n').trim();
      this.held = [];
    }
    return out.endsWith('\n') || !out ? out : `${out}\n`;
  }

  private completeLine(l: string, alreadyEmitted: number, newline = true): string {
    if (FENCE_RE.test(l)) return '';
    if (!this.started) {
      if (MARKDOWN_HEADING_RE.test(l) || isReportHeading(l)) {
        this.started = true;
        this.held = [];
        return `${l}${newline ? '\n' : ''}`;
      }
      this.held.push(l);
      return '';
    }
    return `${l.slice(alreadyEmitted)}${newline ? '\n' : ''}`;
  }

  /** True while a partial line could still turn out to be a fence marker. */
  private maybeFence(partial: string): boolean {
    const t = partial.trimStart();
    if (t.length === 0) return true;
    if (t.length < 3) return '```'.startsWith(t) || '~~~'.startsWith(t);
    return FENCE_RE.test(partial);
  }
}
