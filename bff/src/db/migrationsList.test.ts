import fs from 'node:fs';
import path from 'node:path';
import { migrations } from '../../migrations';

const dir = path.join(__dirname, '..', '..', 'migrations');
/** A migration file: a 14-digit timestamp, a name, `.ts`. */
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.ts$/;
const onDisk = fs
  .readdirSync(dir)
  .filter((f) => MIGRATION_FILE.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('the migration list', () => {
  it('registers every migration file of bff/migrations, once, in the order of their timestamps', () => {
    const listed = migrations.map(([name]) => name);
    expect(listed).toEqual(onDisk);
  });

  it('names each entry after the file it imports: each has an up and a down', () => {
    for (const [name, m] of migrations) {
      expect(fs.existsSync(path.join(dir, `${name}.ts`))).toBe(true);
      expect(typeof m.up).toBe('function');
      expect(typeof m.down).toBe('function');
    }
  });

  it('has no stray file in bff/migrations that is neither a migration nor the list', () => {
    const stray = fs.readdirSync(dir).filter((f) => f !== 'index.ts' && !MIGRATION_FILE.test(f));
    expect(stray).toEqual([]);
  });
});
