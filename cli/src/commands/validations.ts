import { Command } from 'commander';
import { z } from 'zod';
import {
  VALIDATION_ID_PATTERN,
  VALIDATION_INPUTS,
  cleanFeedbackForDisplay,
  validationPermalink,
  type InputDiff,
  type StoredValidationView,
  type ValidationComparison,
  type ValidationInputName,
  type ValidationInputSpec,
} from '@val/contracts';
import { println, styles, useColor, type CliContext } from '../context';
import { ApiClient, resolveApiUrl } from '../utils/api';
import { examples, parseOptions } from '../utils/options';
import { jsonText, terminalSafe as t } from '../utils/terminalText';

const idSchema = z.string().trim().regex(VALIDATION_ID_PATTERN, { error: 'must be a validation id (the UUID at the end of its /v/… link)' });

/** Options of `val validations show`. */
export const validationShowOptionsSchema = z.object({ id: idSchema, json: z.boolean().default(false), api: z.string().optional() }).strict();
export type ValidationShowOptions = z.infer<typeof validationShowOptionsSchema>;

/** Options of `val validations compare`. */
export const validationCompareOptionsSchema = z
  .object({ base: idSchema, head: idSchema, json: z.boolean().default(false), api: z.string().optional() })
  .strict();
export type ValidationCompareOptions = z.infer<typeof validationCompareOptionsSchema>;

const FLAGS = { id: 'ID', base: 'A (the older version)', head: 'B (the newer version)', api: '--api' };

type Style = ReturnType<typeof styles>;

const formatScore = (n: number | null) => (n === null ? 'no score' : `${n.toFixed(1)}/10`);
const clip = (s: string, n: number) => {
  const safe = t(s);
  return safe.length > n ? `${safe.slice(0, n - 1).trimEnd()}…` : safe;
};
const INPUTS: readonly ValidationInputSpec[] = VALIDATION_INPUTS;
/** Labels are padded to one column: the longest input's label, at least "Target customer: ". */
const WIDTH = Math.max(17, ...INPUTS.map((f) => f.listLabel.length + 2));
const padded = (text: string) => `${text}:`.padEnd(WIDTH);
const when = (iso: string) => iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');

/** A stored validation as text: who, when, the score, the link, the inputs, then the feedback (stored text terminal-safe). */
export function formatValidation(v: StoredValidationView, base: string, s: Style): string {
  return [
    s.bold(clip(v.idea, 100)),
    `${padded('Id')}${t(v.id)}`,
    `${padded('Link')}${base}${validationPermalink(v.id)}`,
    `${padded('Made')}${t(when(v.createdAt))} (${v.provider === 'offline' ? 'offline analyst' : 'AI model'})`,
    `${padded('Score')}${formatScore(v.score)}`,
    ...INPUTS.flatMap((f) => {
      const value = v[f.name as ValidationInputName];
      return value === undefined ? [] : [`${padded(f.listLabel)}${t(value)}`];
    }),
    '',
    t(cleanFeedbackForDisplay(v.feedback)),
  ].join('\n');
}

/** A word diff in git's --word-diff style: [-removed-]{+added+} (coloured on a terminal). */
export function formatWordDiff(d: InputDiff, s: Style): string {
  if (!d.changed) return s.dim('unchanged');
  return d.parts
    .map((p) => {
      const text = t(p.text);
      return p.op === 'added' ? s.green(`{+${text}+}`) : p.op === 'removed' ? s.red(`[-${text}-]`) : text;
    })
    .join('');
}

/** A comparison as text: the versions, the score before → after, the inputs' word diff, each section's state. */
export function formatComparison(c: ValidationComparison, s: Style): string {
  const change = c.score.change;
  const delta = change === null ? '' : ` (${change > 0 ? '+' : ''}${change.toFixed(1)})`;
  const paint = change === null || change === 0 ? (t: string) => t : change > 0 ? s.green : s.red;
  const lines = [
    s.bold(`Compared with “${clip(c.base.idea, 80)}”`),
    `${padded('Before')}${t(c.base.id)} (${t(when(c.base.createdAt))})`,
    `${padded('After')}${t(c.head.id)} (${t(when(c.head.createdAt))})`,
    `${padded('Score')}${formatScore(c.score.before)} → ${paint(formatScore(c.score.after) + delta)}`,
    '',
    s.bold('Inputs'),
    // An optional input neither version has is not listed.
    ...INPUTS.filter((f) => f.required || c.base[f.name as ValidationInputName] !== undefined || c.head[f.name as ValidationInputName] !== undefined).map(
      (f) => `  ${padded(f.listLabel)}${formatWordDiff(c.inputs[f.name as ValidationInputName] ?? { changed: false, parts: [] }, s)}`,
    ),
    '',
    s.bold('Sections'),
  ];
  const label = { new: s.green('new    '), gone: s.red('gone   '), changed: s.yellow('changed'), same: s.dim('same   ') } as const;
  for (const sec of c.sections) {
    lines.push(`  ${label[sec.state]}  ${t(sec.title)}`);
    if (sec.state !== 'changed') continue;
    for (const l of sec.removed) lines.push(s.red(`      - ${clip(l, 160)}`));
    for (const l of sec.added) lines.push(s.green(`      + ${clip(l, 160)}`));
  }
  return lines.join('\n');
}

/** `val validations show ID`. */
export async function runValidationShow(o: ValidationShowOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(o.api, ctx.env);
  const v = await new ApiClient(base).call('getValidation', { params: { validationId: o.id } }, 'read the validation', { timeoutMs: 30_000 });
  if (o.json) ctx.stdout.write(`${jsonText(v)}\n`);
  else println(ctx.stdout, formatValidation(v, base, styles(useColor(ctx, ctx.stdout))));
}

/** `val validations compare A B`. */
export async function runValidationCompare(o: ValidationCompareOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(o.api, ctx.env);
  const c = await new ApiClient(base).call('compareValidations', { query: { base: o.base, head: o.head } }, 'compare the validations', { timeoutMs: 30_000 });
  if (o.json) ctx.stdout.write(`${jsonText(c)}\n`);
  else println(ctx.stdout, formatComparison(c, styles(useColor(ctx, ctx.stdout))));
}

export interface ValidationsRunners {
  show: typeof runValidationShow;
  compare: typeof runValidationCompare;
}

/** `val validations show|compare`: stored validations on a running server (by their permalink id). */
export function validationsCommand(ctx: CliContext, runners: Partial<ValidationsRunners> = {}): Command {
  const r: ValidationsRunners = { show: runValidationShow, compare: runValidationCompare, ...runners };
  const cmd = new Command('validations').description('Stored validations on a server: show one, or compare two versions of an idea');
  cmd
    .command('show')
    .description('One validation: its inputs, score, link and Val’s feedback')
    .argument('<id>', 'the validation id (the end of its /v/… link, or the id `val validate --json` prints)')
    .option('--json', 'print it as JSON (the GET /api/validations/{validationId} answer)')
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      examples([
        ['val validations show 3f0c2a8e-…', 'inputs, score and feedback'],
        ['val validations show 3f0c2a8e-… --json | jq .score', 'just the score'],
      ]),
    )
    .action(async (id: string, _o: unknown, c: Command) => {
      await r.show(parseOptions(validationShowOptionsSchema, { id, ...c.opts() }, FLAGS, c), ctx);
    });
  cmd
    .command('compare')
    .description('What changed from version A to version B: the score, the inputs word by word, each section of the feedback')
    .argument('<a>', 'the older version’s id')
    .argument('<b>', 'the newer version’s id')
    .option('--json', 'print the comparison as JSON (the GET /api/validations/compare answer)')
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      examples([
        ['val validations compare 3f0c… 7b9e…', 'score before → after, diffs, sections'],
        ['val validations compare 3f0c… 7b9e… --json | jq .score', 'just the scores'],
      ]),
    )
    .action(async (a: string, b: string, _o: unknown, c: Command) => {
      await r.compare(parseOptions(validationCompareOptionsSchema, { base: a, head: b, ...c.opts() }, FLAGS, c), ctx);
    });
  return cmd;
}
