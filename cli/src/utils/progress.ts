import type { OutStream } from '../context';
import { onExitCleanup } from './signals';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A few lines redrawn in place on a terminal (spinners, step lists). Only on a TTY: when
 * `enabled` is false (piped output, --json, CI) every method does nothing, so callers never
 * branch. Lines are produced by `render(frame)` so spinners can animate.
 */
export class LiveRegion {
  private drawn = 0;
  private frame = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private unregister: (() => void) | undefined;

  constructor(
    private readonly out: OutStream,
    private readonly enabled: boolean,
    private render: (spinner: string) => string[],
  ) {
    if (enabled) {
      this.out.write('\u001b[?25l');
      this.unregister = onExitCleanup(() => this.out.write('\u001b[?25h'));
      this.draw();
      this.timer = setInterval(() => {
        this.frame = (this.frame + 1) % FRAMES.length;
        this.draw();
      }, 80);
      this.timer.unref();
    }
  }

  /** Replaces the renderer and redraws. */
  update(render?: (spinner: string) => string[]): void {
    if (render) this.render = render;
    if (this.enabled && !this.stopped) this.draw();
  }

  /** Prints a permanent line above the region. */
  log(line: string): void {
    if (!this.enabled || this.stopped) return;
    this.clear();
    this.out.write(`${line}\n`);
    this.draw(true);
  }

  /** Stops animating; `keep` leaves the last drawing on screen, otherwise it is erased. */
  stop(keep = false): void {
    if (!this.enabled || this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    if (keep) this.draw();
    else this.clear();
    this.drawn = 0;
    this.out.write('\u001b[?25h');
    this.unregister?.();
  }

  private clear(): void {
    if (this.drawn === 0) return;
    this.out.write(`\u001b[${this.drawn}A\r\u001b[0J`);
    this.drawn = 0;
  }

  private draw(afterClear = false): void {
    const cols = Math.max(20, this.out.columns ?? 80);
    const lines = this.render(FRAMES[this.frame]).map((l) => fit(l, cols - 1));
    if (!afterClear) this.clear();
    this.out.write(lines.map((l) => `${l}\n`).join(''));
    this.drawn = lines.length;
  }
}

/** Cuts a line (which may hold ANSI colour codes) to `cols` visible characters. */
function fit(line: string, cols: number): string {
  let visible = 0;
  let out = '';
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\u001b') {
      const m = /^\u001b\[[0-9;?]*[A-Za-z]/.exec(line.slice(i));
      if (m) {
        out += m[0];
        i += m[0].length - 1;
        continue;
      }
    }
    if (visible >= cols) continue;
    out += line[i];
    visible++;
  }
  return out;
}

/** A one-line spinner with a text (TTY only). */
export function spinner(out: OutStream, enabled: boolean, text: string): LiveRegion & { text(t: string): void } {
  let current = text;
  const region = new LiveRegion(out, enabled, (f) => [`${f} ${current}`]) as LiveRegion & { text(t: string): void };
  region.text = (t: string) => {
    current = t;
    region.update();
  };
  return region;
}
