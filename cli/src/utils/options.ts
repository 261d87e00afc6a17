import type { Command } from 'commander';
import type { z } from 'zod';
import { formatZodIssues, UsageError } from './handleError';

/**
 * Parses a command's raw options with its zod schema; problems become one usage error (exit 2)
 * naming the flags as the user typed them (`names` maps option keys to flags).
 */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown, names: Record<string, string>, cmd?: Command): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const usage = cmd ? `Run \`${commandPath(cmd)} --help\` for the options and examples.` : 'Run the command with --help to see its options.';
  throw new UsageError(formatZodIssues(parsed.error, names), usage);
}

/** "val stats" for the stats command. */
export function commandPath(cmd: Command): string {
  const parts: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) parts.unshift(c.name());
  return parts.join(' ');
}

/** A commander "collect" reducer for repeatable options (`--input a=1 --input b=2`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Examples section appended to a command's --help. */
export function examples(lines: ReadonlyArray<[string, string]>): string {
  const w = Math.max(...lines.map(([c]) => c.length));
  return `\nExamples:\n${lines.map(([c, d]) => `  $ ${c.padEnd(w)}  ${d}`).join('\n')}\n`;
}
