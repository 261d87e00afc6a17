import { Command } from 'commander';
import { z } from 'zod';
import { readSse, type ApiAnswer } from '@val/client';
import {
  breakEvenLabel,
  emailSchema,
  CATALOGUE_PRODUCT_IDS,
  formatFigure,
  type ReportBasisResponse,
  type ReportFactSheet,
  type ReportStatusResponse,
} from '@val/contracts';
import { checkProductInputs, getProduct } from '@val/content';
import { println, styles, useColor, type CliContext } from '../context';
import { adminLogin, adminPassword } from '../utils/adminSession';
import { ApiClient, resolveApiUrl } from '../utils/api';
import { addBasisOptions, assumptionsOf, basisFlagsShape, basisOf } from '../utils/basis';
import { CliError, ExitCode, UnreachableError, UsageError } from '../utils/handleError';
import { collect, examples, parseOptions } from '../utils/options';
import { LiveRegion } from '../utils/progress';
import { jsonText, terminalSafe } from '../utils/terminalText';

/** `--input key=value` pairs → an object; a key given twice or without '=' is a usage error. */
export function parseInputPairs(pairs: ReadonlyArray<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    const key = eq > 0 ? p.slice(0, eq).trim() : '';
    if (!key) throw new UsageError(`--input "${p}" must look like key=value (e.g. --input idea="Meal kits for climbers").`);
    if (key in out) throw new UsageError(`--input ${key} is given twice.`);
    out[key] = p.slice(eq + 1);
  }
  return out;
}

/** Options of `val report start`. */
export const reportStartOptionsSchema = z
  .object({
    product: z.enum(CATALOGUE_PRODUCT_IDS, { error: `must be one of ${CATALOGUE_PRODUCT_IDS.join(', ')}` }),
    input: z.array(z.string()).default([]),
    email: emailSchema({ notText: 'must be an email address', tooLong: 'must be an email address', invalid: 'must be an email address' }).optional(),
    json: z.boolean().default(false),
    api: z.string().optional(),
    ...basisFlagsShape,
  })
  .strict()
  .transform((o, ctx) => {
    let basis: ReturnType<typeof basisOf>;
    try {
      basis = basisOf(o);
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: [], message: (err as Error).message });
      return z.NEVER;
    }
    let inputs: Record<string, string>;
    try {
      inputs = parseInputPairs(o.input);
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: ['input'], message: (err as Error).message.replace(/^--input /, '') });
      return z.NEVER;
    }
    const checked = checkProductInputs(o.product, inputs);
    if (!checked.ok) {
      const product = getProduct(o.product);
      const fields = product?.fields.map((f) => f.name).join(', ') ?? '';
      ctx.addIssue({ code: 'custom', path: ['input'], message: `${checked.message.replace(/^inputs\.?/, '')} — ${o.product} needs ${fields}` });
      return z.NEVER;
    }
    return { product: o.product, inputs: checked.inputs, email: o.email, json: o.json, api: o.api, ...(basis ? { basis } : {}) };
  });
export type ReportStartOptions = z.output<typeof reportStartOptionsSchema>;

/** Options of `val report status` and `val report wait`. */
export const reportIdOptionsSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'must be a report id (the last part of the report link)' }),
    json: z.boolean().default(false),
    api: z.string().optional(),
    timeout: z.coerce.number({ error: 'must be a number of seconds' }).int({ error: 'must be whole seconds' }).min(0).max(86_400).default(0),
    interval: z.coerce.number({ error: 'must be a number of seconds' }).min(0.2).max(600).default(2),
  })
  .strict();
export type ReportIdOptions = z.infer<typeof reportIdOptionsSchema>;

const FLAGS = {
  product: '--product',
  input: '--input',
  email: '--email',
  api: '--api',
  id: 'ID',
  timeout: '--timeout',
  interval: '--interval',
  json: '--json',
  market: '--market',
  segment: '--segment',
  place: '--place',
  buyer: '--buyer',
  productKind: '--product-kind',
  price: '--price',
  assume: '--assume',
  reset: '--reset',
  rewrite: '--rewrite',
};

type Status = ApiAnswer<'reportStatus'>;

/** Fetches the status (POST /api/reports/status). Unknown id → exit 1 with a clear message. */
export async function fetchReportStatus(api: ApiClient, id: string): Promise<Status> {
  try {
    return await api.call('reportStatus', { body: { execution_id: id } }, `read report ${id}`, { timeoutMs: 30_000 });
  } catch (err) {
    if (err instanceof CliError && err.status === 404) {
      throw new CliError(`Report ${id} not found.`, ExitCode.Failure, 'Check the id (it is the last part of the report link).');
    }
    throw err;
  }
}

/** The report's public page. */
export function reportLink(base: string, id: string): string {
  return `${base}/report/${encodeURIComponent(id)}`;
}

/** A plain-text summary of a status (stdout of `report status` / `report wait`), the server's texts terminal-safe. */
export function formatStatus(id: string, st: Status | ReportStatusResponse, base: string): string {
  const rows: Array<[string, string]> = [
    ['Report', st.title || id],
    ['Id', id],
    ['Status', st.processing_status],
  ];
  if (st.product) rows.push(['Product', st.product]);
  if (st.progress)
    rows.push([
      'Progress',
      `${st.progress.finished}/${st.progress.total} agents${st.progress.running.length ? ` (working: ${st.progress.running.join(', ')})` : ''}`,
    ]);
  if (st.provider) rows.push(['Provider', st.provider === 'offline' ? 'the offline analyst' : st.provider]);
  if (st.error) rows.push(['Error', st.error]);
  rows.push(['Link', reportLink(base, id)]);
  const lines = rows.map(([k, v]) => `${`${k}:`.padEnd(10)}${terminalSafe(v)}`);
  if (st.flow_execution_steps.length) {
    lines.push('', 'Sections:');
    for (const s of st.flow_execution_steps) lines.push(`  ✓ ${terminalSafe(s.title)} (${terminalSafe(s.id)})`);
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `val report start`: logs in as the admin and queues a report. */
export async function runReportStart(opts: ReportStartOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(opts.api, ctx.env);
  const password = await adminPassword(ctx);
  const admin = await adminLogin(base, password);
  let started: ApiAnswer<'adminStartReport'>;
  try {
    started = await admin.call(
      'adminStartReport',
      { body: { product: opts.product, inputs: opts.inputs, ...(opts.email ? { email: opts.email } : {}), ...(opts.basis ? { basis: opts.basis } : {}) } },
      'start a report',
    );
  } finally {
    await admin.logout();
  }
  const id = started.id;
  const link = started.url || reportLink(base, id);
  if (opts.json) {
    println(ctx.stdout, jsonText({ id, product: opts.product, url: link }));
    return;
  }
  println(ctx.stdout, terminalSafe(id));
  println(ctx.stderr, `Report queued: ${terminalSafe(link)}`);
  println(ctx.stderr, `Follow it with: val report wait ${terminalSafe(id)}`);
}

/** Runs `val report status`. */
export async function runReportStatus(opts: ReportIdOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(opts.api, ctx.env);
  const st = await fetchReportStatus(new ApiClient(base), opts.id);
  ctx.stdout.write(opts.json ? `${jsonText(st)}\n` : formatStatus(opts.id, st, base));
}

/** Options of `val report basis`. */
export const reportBasisOptionsSchema = z
  .object({
    id: reportIdOptionsSchema.shape.id,
    json: z.boolean().default(false),
    api: z.string().optional(),
    reset: z.boolean().default(false),
    rewrite: z.boolean().default(false),
    ...basisFlagsShape,
  })
  .strict()
  .transform((o, ctx) => {
    try {
      const basis = basisOf(o);
      const assumptions = assumptionsOf(o.assume);
      if (!basis && !assumptions && !o.reset && !o.rewrite) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'give a basis flag (--market, --segment, --place, --buyer, --product-kind, --price), --assume key=value, --reset or --rewrite',
        });
        return z.NEVER;
      }
      return { id: o.id, json: o.json, api: o.api, reset: o.reset, rewrite: o.rewrite, basis, assumptions };
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: [], message: (err as Error).message });
      return z.NEVER;
    }
  });
export type ReportBasisOptions = z.output<typeof reportBasisOptionsSchema>;

/** The founder's version in a few lines: verdict, break-even, the basis and what they changed. */
export function formatSheet(sheet: ReportFactSheet): string {
  const b = sheet.basis;
  const c = sheet.currency;
  const lines = [`Verdict:  ${sheet.verdict.word}`, `Break-even: ${breakEvenLabel(sheet.breakEvenMonth)}`];
  if (b) {
    const mine = (f: string) => (b.setByFounder.includes(f as never) ? ' (changed by you)' : '');
    lines.push(
      `Market:   ${b.marketLabel}${mine('market')}${b.wordsPointAt && b.market === 'general' ? ` — your words point at ${b.wordsPointAt}` : ''}`,
      `Segment:  ${b.segment}${mine('segment')}`,
      `Place:    ${b.place ?? 'not named'}${mine('place')}`,
      `Buyer:    ${b.buyerKind}${mine('buyerKind')}`,
      `Product:  ${b.productKind ?? 'not known'}${mine('productKind')}`,
      `Price:    ${formatFigure({ kind: 'money', value: b.price, per: 'month' }, c)}${mine('price')}`,
    );
  }
  for (const a of sheet.assumptions ?? [])
    if (a.changedByYou)
      lines.push(
        `Changed by you: ${a.label} ${formatFigure({ kind: a.kind, value: a.value, per: a.per }, c)} (originally ${formatFigure({ kind: a.kind, value: a.original, per: a.per }, c)})`,
      );
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

/** Runs `val report basis`: sets the founder's basis and assumptions on a finished report (or resets it), then prints the new numbers. */
export async function runReportBasis(opts: ReportBasisOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(opts.api, ctx.env);
  const api = new ApiClient(base);
  let answer: ReportBasisResponse | null = null;
  if (opts.basis || opts.assumptions || opts.reset) {
    const body = opts.reset
      ? { reset: true }
      : { ...(opts.basis ? { basis: opts.basis } : {}), ...(opts.assumptions ? { assumptions: opts.assumptions } : {}) };
    answer = await api.call('reportBasis', { params: { id: opts.id }, body }, `change the basis of report ${opts.id}`, { timeoutMs: 30_000 });
  }
  let rewritten: string[] | null = null;
  if (opts.rewrite)
    rewritten = (await api.call('reportRewrite', { params: { id: opts.id }, body: {} }, `write report ${opts.id} again`, { timeoutMs: 120_000 })).rewritten;
  if (!answer) answer = { ...(await fetchReportStatus(api, opts.id)), stale_sections: [] } as unknown as ReportBasisResponse;
  if (opts.json) {
    println(ctx.stdout, jsonText({ ...answer, ...(rewritten ? { rewritten } : {}) }));
    return;
  }
  const sheet = answer.fact_sheet;
  if (sheet) ctx.stdout.write(formatSheet(sheet));
  if (answer.original_fact_sheet)
    println(
      ctx.stderr,
      `Original: ${answer.original_fact_sheet.verdict.word}, break-even ${breakEvenLabel(answer.original_fact_sheet.breakEvenMonth)} (back with --reset)`,
    );
  if (rewritten) println(ctx.stderr, `Written again for your numbers: ${rewritten.length} section${rewritten.length === 1 ? '' : 's'}`);
  else if (answer.stale_sections?.length)
    println(ctx.stderr, `${answer.stale_sections.length} sections were written for the original numbers: write them again with --rewrite`);
  println(ctx.stderr, `Report: ${terminalSafe(reportLink(base, opts.id))}`);
}

interface Progress {
  running: Set<string>;
  finished: Set<string>;
  retrying: Map<string, number>;
}

const eventSchema = z.object({
  type: z.string().optional(),
  step: z.string().optional(),
  attempt: z.number().optional(),
  error: z.string().optional(),
});

/**
 * Runs `val report wait`: follows the report (SSE events for live updates, status polling as
 * the source of truth) until it is finished (exit 0) or failed (exit 1). On a terminal the
 * agents are shown live; piped or with --json only the result is printed.
 */
export async function runReportWait(opts: ReportIdOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(opts.api, ctx.env);
  const api = new ApiClient(base);
  const s = styles(useColor(ctx, ctx.stderr));
  const startedAt = Date.now();
  let st = await fetchReportStatus(api, opts.id);
  const product = st.product ? getProduct(st.product) : undefined;
  const agents = product?.agents.map((a) => ({ id: a.id, title: a.title, internal: Boolean(a.internal) })) ?? [];
  const progress: Progress = { running: new Set(st.progress?.running ?? []), finished: new Set(), retrying: new Map() };
  const syncFromStatus = (x: Status) => {
    for (const step of x.flow_execution_steps) progress.finished.add(step.id);
    if (x.progress) {
      progress.running = new Set(x.progress.running.filter((r) => !progress.finished.has(r)));
      // Internal agents never appear as steps: count them finished from the totals.
      const hidden = agents.filter((a) => a.internal && !progress.running.has(a.id));
      const visibleDone = x.flow_execution_steps.length;
      if (x.progress.finished > visibleDone) for (const a of hidden.slice(0, x.progress.finished - visibleDone)) progress.finished.add(a.id);
    }
  };
  syncFromStatus(st);

  const live = !opts.json && Boolean(ctx.stderr.isTTY && ctx.stdout.isTTY);
  const render = (frame: string): string[] => {
    const secs = Math.round((Date.now() - startedAt) / 1000);
    const total = st.progress?.total ?? agents.length;
    const done = Math.max(progress.finished.size, st.progress?.finished ?? 0);
    const head = `${s.bold(terminalSafe(st.title || opts.id))} — ${terminalSafe(st.processing_status)}, ${done}/${total} agents · ${secs}s`;
    const rows = agents.map((a) => {
      const label = `${a.title}${a.internal ? s.dim(' (internal)') : ''}`;
      if (progress.finished.has(a.id)) return `  ${s.green('✓')} ${label}`;
      if (progress.running.has(a.id)) {
        const retry = progress.retrying.get(a.id);
        return `  ${s.cyan(frame)} ${label}${retry ? s.yellow(` (retry ${retry})`) : ''}`;
      }
      return `  ${s.dim('·')} ${s.dim(a.title)}`;
    });
    return [head, ...rows];
  };
  const region = new LiveRegion(ctx.stderr, live && !isTerminal(st), render);

  const abort = new AbortController();
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();
  const followEvents = async () => {
    try {
      const res = await api.operation('reportEvents', { params: { id: opts.id } }, `follow report ${opts.id}`, {
        headers: { accept: 'text/event-stream' },
        signal: abort.signal,
      });
      for await (const ev of readSse(res.body)) {
        let data: unknown;
        try {
          data = JSON.parse(ev.data);
        } catch {
          continue;
        }
        const e = eventSchema.safeParse(data);
        if (!e.success) continue;
        const type = ev.event !== 'message' ? ev.event : e.data.type;
        const step = e.data.step;
        if (type === 'step-started' && step) progress.running.add(step);
        else if (type === 'step-finished' && step) {
          progress.running.delete(step);
          progress.finished.add(step);
          progress.retrying.delete(step);
        } else if (type === 'step-retry' && step) progress.retrying.set(step, e.data.attempt ?? 2);
        else if (type === 'job-finished' || type === 'job-failed') nudge();
        region.update();
      }
    } catch {
      /* polling carries on */
    }
  };
  const events = isTerminal(st) ? Promise.resolve() : followEvents();

  let failures = 0;
  try {
    while (!isTerminal(st)) {
      if (opts.timeout && Date.now() - startedAt > opts.timeout * 1000) {
        throw new CliError(
          `Report ${opts.id} is still ${st.processing_status} after ${opts.timeout} s.`,
          ExitCode.Failure,
          `Run \`val report wait ${opts.id}\` again to keep waiting.`,
        );
      }
      await new Promise<void>((r) => {
        const t = setTimeout(r, opts.interval * 1000);
        wake = () => {
          clearTimeout(t);
          r();
        };
      });
      wake = undefined;
      try {
        st = await fetchReportStatus(api, opts.id);
        failures = 0;
        syncFromStatus(st);
        region.update();
      } catch (err) {
        // The server may be restarting or busy: keep trying for a while before giving up.
        const transient = err instanceof UnreachableError || (err instanceof CliError && (err.status === 429 || (err.status ?? 0) >= 500));
        if (!transient || ++failures >= 15) throw err;
        if (err instanceof CliError && err.status === 429) await new Promise((r) => setTimeout(r, 5000));
      }
    }
  } finally {
    abort.abort();
    await events;
    region.stop(st.processing_status === 'finished' || st.processing_status === 'failed');
  }

  ctx.stdout.write(opts.json ? `${jsonText(st)}\n` : formatStatus(opts.id, st, base));
  if (st.processing_status === 'failed') {
    throw new CliError(
      `Report ${opts.id} failed${st.error ? `: ${st.error}` : '.'}`,
      ExitCode.Failure,
      'Start it again with `val report start`, or check the worker logs.',
    );
  }
  if (!opts.json) println(ctx.stderr, s.green(`Report finished: ${reportLink(base, opts.id)}`));
}

function isTerminal(st: Status): boolean {
  return st.processing_status === 'finished' || st.processing_status === 'failed';
}

export interface ReportRunners {
  basis: typeof runReportBasis;
  start: typeof runReportStart;
  status: typeof runReportStatus;
  wait: typeof runReportWait;
}

/** `val report start|status|wait`. */
export function reportCommand(ctx: CliContext, run: Partial<ReportRunners> = {}): Command {
  const r: ReportRunners = { basis: runReportBasis, start: runReportStart, status: runReportStatus, wait: runReportWait, ...run };
  const report = new Command('report').description('Research reports: start one as the operator, check it, wait for it').addHelpText(
    'after',
    examples([
      ['val report start --product tam-assessment-for-ideas --input idea="Meal kits for climbers"', 'queue a report, print its id'],
      ['val report status <id>', 'where it is'],
      ['val report wait <id>', 'follow it live until it is done'],
    ]),
  );

  report
    .command('start')
    .description('Start a report for a product (admin: VAL_ADMIN_PASSWORD); prints the report id')
    .requiredOption('--product <id>', `the product: ${CATALOGUE_PRODUCT_IDS.join(', ')}`)
    .option('--input <key=value>', "one of the product's fields (repeat for each)", collect, [])
    .option('--email <address>', 'also mail the finished report to this address')
    .option('--json', 'print {id, product, url} as JSON')
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      `${examples([
        ['val report start --product idea-desirability-assessment --input idea="Meal kits for climbers"', ''],
        ['val report start --product business-idea-evaluation --input company=Acme --input idea="…" --email me@acme.com', ''],
        ['ID=$(val report start --product tam-assessment-for-ideas --input idea="…") && val report wait "$ID"', 'start and follow'],
      ])}
Fields by product:
${CATALOGUE_PRODUCT_IDS.map(
  (id) =>
    `  ${id.padEnd(32)} ${getProduct(id)
      ?.fields.map((f) => f.name)
      .join(', ')}`,
).join('\n')}
`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      await r.start(parseOptions(reportStartOptionsSchema, cmd.opts(), FLAGS, cmd), ctx);
    });
  addBasisOptions(report.commands[report.commands.length - 1], { assume: false });

  addBasisOptions(
    report
      .command('basis')
      .description("Change a finished report's basis or what-if assumptions (or go back to the original); prints the new verdict and break-even")
      .argument('<id>', 'the report id')
      .option('--reset', 'back to the original numbers')
      .option('--rewrite', 'write the sections again for your numbers (the offline analyst, at once)')
      .option('--json', 'print the answer as JSON (fact_sheet, original_fact_sheet, stale_sections)')
      .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
      .addHelpText(
        'after',
        examples([
          ['val report basis Yk3v… --market pets --price 9', 'my market is pet care, my price €9'],
          ['val report basis Yk3v… --assume margin=60% --assume costs=2000 --rewrite', 'what if, and write the sections again'],
          ['val report basis Yk3v… --reset', 'back to the original'],
        ]),
      ),
  ).action(async (id: string, _o: unknown, cmd: Command) => {
    await r.basis(parseOptions(reportBasisOptionsSchema, { id, ...cmd.opts() }, FLAGS, cmd), ctx);
  });

  report
    .command('status')
    .description("A report's status, progress and finished sections")
    .argument('<id>', 'the report id')
    .option('--json', 'print the status as JSON (the /api/reports/status answer)')
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      examples([
        ['val report status Yk3v…', 'a summary'],
        ['val report status Yk3v… --json | jq -r .processing_status', 'just the status'],
      ]),
    )
    .action(async (id: string, _o: unknown, cmd: Command) => {
      await r.status(parseOptions(reportIdOptionsSchema, { id, ...cmd.opts() }, FLAGS, cmd), ctx);
    });

  report
    .command('wait')
    .description('Follow a report live until it is done: exit 0 when finished, 1 when failed')
    .argument('<id>', 'the report id')
    .option('--json', 'print the final status as JSON (no live display)')
    .option('--timeout <seconds>', 'give up after this long (exit 1); 0 = wait as long as it takes', '0')
    .option('--interval <seconds>', 'how often to poll the status besides the live events', '2')
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      examples([
        ['val report wait Yk3v…', 'live progress of the agents'],
        ['val report wait Yk3v… --timeout 600 && echo done', 'in a script'],
      ]),
    )
    .action(async (id: string, _o: unknown, cmd: Command) => {
      await r.wait(parseOptions(reportIdOptionsSchema, { id, ...cmd.opts() }, FLAGS, cmd), ctx);
    });
  return report;
}
