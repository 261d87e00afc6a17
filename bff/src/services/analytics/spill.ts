import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SpillStore } from './batchWriter';

const PREFIX = 'analytics-spill-';
/** Spills of this process so far: with a random tag, two spills of one millisecond get two files. */
let spills = 0;

/**
 * Spills rows as JSON lines into `dir` (one file per shutdown) and hands them back once: a
 * file is claimed by renaming it before it is read, so two processes sharing the folder never
 * both replay it.
 */
export function fileSpillStore<T>(dir: string): SpillStore<T> {
  return {
    async save(rows) {
      await fs.mkdir(dir, { recursive: true });
      spills += 1;
      const file = path.join(dir, `${PREFIX}${Date.now()}-${process.pid}-${spills}-${randomBytes(4).toString('hex')}.jsonl`);
      const tmp = `${file}.tmp`;
      await fs.writeFile(tmp, rows.map((r) => JSON.stringify(r)).join('\n') + '\n', 'utf8');
      await fs.rename(tmp, file);
    },
    async load() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        return [];
      }
      const rows: T[] = [];
      for (const name of names.filter((n) => n.startsWith(PREFIX) && n.endsWith('.jsonl')).sort()) {
        const claimed = path.join(dir, `${name}.claimed-${process.pid}`);
        try {
          await fs.rename(path.join(dir, name), claimed);
        } catch {
          continue;
        }
        const text = await fs.readFile(claimed, 'utf8');
        for (const line of text.split('\n')) if (line.trim()) rows.push(JSON.parse(line) as T);
        await fs.rm(claimed, { force: true });
      }
      return rows;
    },
  };
}
