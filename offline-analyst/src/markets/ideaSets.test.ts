import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The labelled sets of the market read (offline-analyst/data/ideas/) and their roles. */
interface IdeaSets {
  IDEAS_DIR: string;
  ROLES: string[];
  sha256: (data: string | Buffer) => string;
  readIndex: () => { about: string; history: string; sets: Array<{ name: string; role: string; ideas: number; about: string; sha256?: string }> };
  readSet: (name: string) => Array<{ idea: string; targetCustomer: string; problemSolved: string; expected: string[] }>;
  setFile: (name: string) => string;
}
const sets = createRequire(__filename)(path.join(__dirname, '..', '..', 'scripts', 'idea-sets.js')) as IdeaSets;
const index = sets.readIndex();

/** What is wrong with held-out files: each must hash to the SHA-256 the index pins. */
const unpinned = (dir: string) =>
  index.sets.filter((s) => s.role === 'heldout').flatMap((s) => (sets.sha256(fs.readFileSync(path.join(dir, `${s.name}.jsonl`))) === s.sha256 ? [] : [s.name]));

describe('the labelled sets of the market read', () => {
  it('puts every set file in exactly one role of the index, and names no file that is not there', () => {
    const files = fs
      .readdirSync(sets.IDEAS_DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.replace(/\.jsonl$/, ''))
      .sort();
    const named = index.sets.map((s) => s.name);
    expect([...named].sort()).toEqual(files);
    expect(new Set(named).size).toBe(named.length);
    for (const s of index.sets) expect({ set: s.name, role: sets.ROLES.includes(s.role) }).toEqual({ set: s.name, role: true });
    expect(new Set(index.sets.map((s) => s.role))).toEqual(new Set(['tuning', 'training', 'heldout']));
    // A set's name says its role.
    for (const s of index.sets) expect(s.name.startsWith(s.role)).toBe(true);
  });

  it('holds one labelled idea a line, as many as the index says', () => {
    for (const s of index.sets) {
      const ideas = sets.readSet(s.name);
      expect({ set: s.name, ideas: ideas.length }).toEqual({ set: s.name, ideas: s.ideas });
    }
    expect(index.about).toMatch(/tuning/);
    expect(index.history).toMatch(/holdout14/);
  });

  it('pins every held-out file by its SHA-256: changing one character fails', () => {
    const held = index.sets.filter((s) => s.role === 'heldout');
    expect(held.length).toBeGreaterThanOrEqual(4);
    for (const s of held) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(unpinned(sets.IDEAS_DIR)).toEqual([]);
    // The same check on a copy with one character changed.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ideas-'));
    try {
      for (const s of held) fs.copyFileSync(sets.setFile(s.name), path.join(dir, `${s.name}.jsonl`));
      const file = path.join(dir, `${held[0].name}.jsonl`);
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(
        file,
        text.replace(/"idea":"(.)/, (_m, c: string) => `"idea":"${c === 'A' ? 'B' : 'A'}`),
      );
      expect(unpinned(dir)).toEqual([held[0].name]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
