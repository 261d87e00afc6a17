import fs from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import {
  VALIDATE_PATH,
  VALIDATE_STREAM_PATH,
  cleanFeedbackForDisplay,
  validateRequestSchema,
  type ValidateRequest,
  type ValidateResponse,
} from '@val/contracts';
import { println, styles, useColor, type CliContext } from '../context';
import { ApiClient, resolveApiUrl } from '../utils/api';
import { CliError, ExitCode } from '../utils/handleError';
import { examples, parseOptions } from '../utils/options';
import { spinner } from '../utils/progress';
import { readSse } from '../utils/sse';
import { StreamCleaner } from '../utils/streamCleaner';

/** Options of `val validate`. */
export const validateOptionsSchema = z
  .object({
    idea: z.string(),
    customer: z.string(),
    problem: z.string(),
    stream: z.boolean().default(false),
    json: z.boolean().default(false),
    pdf: z.string().min(1, { error: 'must be a file or folder name' }).optional(),
    api: z.string().optional(),
  })
  .strict();
export type ValidateOptions = z.infer<typeof validateOptionsSchema>;

const FLAGS = { idea: '--idea', customer: '--customer', problem: '--problem', targetCustomer: '--customer', problemSolved: '--problem', pdf: '--pdf', api: '--api' };

/** The spec's texts (sections 2 and 8). */
export const VALIDATE_TEXTS = {
  pending: 'AI analysis coming in 30 seconds...',
  ready: "Val's Analysis is Ready!",
  failed: 'Failed to validate your idea. Please try again.',
  pdfSaved: 'PDF Downloaded! Your validation report has been saved as a PDF',
  pdfFailed: 'Failed to generate PDF report',
  offline: 'Answered by the offline analyst — connect a model for deeper analysis.',
} as const;

const responseSchema = z.object({
  idea: z.string(),
  targetCustomer: z.string(),
  problemSolved: z.string(),
  feedback: z.string(),
  id: z.string().optional(),
  provider: z.enum(['openai', 'offline']).optional(),
});

const deltaSchema = z.object({ text: z.string() });
const metaSchema = z.object({ provider: z.enum(['openai', 'offline']) });
const streamErrorSchema = z.object({ code: z.string().optional(), message: z.string().optional() });

/** The request body from the options, checked with the server's own schema (limits included). */
export function validateRequestFromOptions(o: ValidateOptions): ValidateRequest {
  return parseOptions(validateRequestSchema, { idea: o.idea, targetCustomer: o.customer, problemSolved: o.problem }, FLAGS);
}

/**
 * Where `--pdf` writes: into FILE, or — when FILE is an existing folder or ends with a slash —
 * into that folder under the report's own file name (val-report-<three words>-<six digits>.pdf).
 */
export async function pdfTarget(file: string, cwd: string, fileName: string): Promise<string> {
  const abs = path.resolve(cwd, file);
  const isDir = /[\\/]$/.test(file) || (await fs.stat(abs).then((s) => s.isDirectory(), () => false));
  if (!isDir) return abs;
  await fs.mkdir(abs, { recursive: true });
  return path.join(abs, fileName);
}

/** Builds the PDF with the web's builder and writes it; returns the path. */
export async function writeReportPdf(result: ValidateResponse, file: string, cwd: string): Promise<string> {
  let built: { bytes: Uint8Array; fileName: string };
  try {
    const { buildValidationReportPdf } = await import('@val/contracts/dist/pdf/validationReport');
    built = buildValidationReportPdf({
      idea: result.idea,
      targetCustomer: result.targetCustomer,
      problemSolved: result.problemSolved,
      feedback: result.feedback,
    });
  } catch (err) {
    throw new CliError(`${VALIDATE_TEXTS.pdfFailed}: ${(err as Error).message}`);
  }
  const target = await pdfTarget(file, cwd, built.fileName);
  try {
    await fs.writeFile(target, built.bytes);
  } catch (err) {
    throw new CliError(`${VALIDATE_TEXTS.pdfFailed}: cannot write ${target} (${(err as Error).message}).`, ExitCode.Failure, 'Check that the folder exists and is writable.');
  }
  return target;
}

async function validateJson(api: ApiClient, body: ValidateRequest): Promise<ValidateResponse> {
  return api.json('POST', VALIDATE_PATH, 'validate the idea', responseSchema, { json: body, timeoutMs: 300_000 });
}

/**
 * Streams the feedback (POST /api/validate/stream): `meta`, `delta`…, then `done` or `error`.
 * `onText` gets each piece as it arrives. Falls back to the JSON endpoint when the server has
 * no stream endpoint (404/405).
 */
async function validateStream(
  api: ApiClient,
  body: ValidateRequest,
  onText: (t: string) => void,
  onProvider: (p: string) => void,
): Promise<ValidateResponse & { streamed: boolean }> {
  let res: Response;
  try {
    res = await api.request('POST', VALIDATE_STREAM_PATH, 'validate the idea', { json: body, headers: { accept: 'text/event-stream' } });
  } catch (err) {
    if (err instanceof CliError && (err.status === 404 || err.status === 405)) {
      const r = await validateJson(api, body);
      return { ...r, streamed: false };
    }
    throw err;
  }
  for await (const ev of readSse(res)) {
    const data = safeJson(ev.data);
    if (ev.event === 'meta') {
      const m = metaSchema.safeParse(data);
      if (m.success) onProvider(m.data.provider);
    } else if (ev.event === 'delta') {
      const d = deltaSchema.safeParse(data);
      if (d.success) onText(d.data.text);
    } else if (ev.event === 'done') {
      const d = responseSchema.safeParse(data);
      if (!d.success) throw new CliError(`${VALIDATE_TEXTS.failed} (the server's final event has an unexpected shape)`);
      return { ...d.data, streamed: true };
    } else if (ev.event === 'error') {
      const e = streamErrorSchema.safeParse(data);
      const detail = e.success && e.data.message ? ` (${e.data.message})` : '';
      throw new CliError(`${VALIDATE_TEXTS.failed}${detail}`, ExitCode.Failure, 'Try again in a moment; if it keeps failing, check the server logs and its AI settings.');
    }
  }
  throw new CliError(`${VALIDATE_TEXTS.failed} (the stream ended before Val finished)`, ExitCode.Failure, 'Try again; if it keeps happening, check the server logs.');
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** Runs `val validate`. */
export async function runValidate(opts: ValidateOptions, ctx: CliContext): Promise<void> {
  const body = validateRequestFromOptions(opts);
  const api = new ApiClient(resolveApiUrl(opts.api, ctx.env));
  const s = styles(useColor(ctx, ctx.stderr));
  const live = !opts.json && Boolean(ctx.stderr.isTTY && ctx.stdout.isTTY);
  const spin = spinner(ctx.stderr, live, VALIDATE_TEXTS.pending);

  let result: ValidateResponse;
  let printed = false;
  try {
    if (opts.stream) {
      const cleaner = new StreamCleaner();
      let first = true;
      const r = await validateStream(
        api,
        body,
        (t) => {
          if (opts.json) return;
          const out = cleaner.feed(t);
          if (!out) return;
          if (first) {
            spin.stop();
            if (live) println(ctx.stderr, s.bold(VALIDATE_TEXTS.ready));
            first = false;
          }
          ctx.stdout.write(out);
          printed = true;
        },
        () => undefined,
      );
      if (!opts.json && r.streamed) {
        const rest = cleaner.end();
        if (rest) {
          spin.stop();
          ctx.stdout.write(rest);
          printed = true;
        }
      }
      const { streamed: _streamed, ...plain } = r;
      result = plain;
    } else {
      result = await validateJson(api, body);
    }
  } catch (err) {
    if (err instanceof CliError && err.exitCode === ExitCode.Failure && !err.message.startsWith(VALIDATE_TEXTS.failed)) {
      const detail = err.message.replace(/^Could not validate the idea: /, '').replace(/\.$/, '');
      throw new CliError(`${VALIDATE_TEXTS.failed} (${detail})`, err.exitCode, err.hint);
    }
    throw err;
  } finally {
    spin.stop();
  }

  const pdf = opts.pdf ? await writeReportPdf(result, opts.pdf, ctx.cwd) : undefined;

  if (opts.json) {
    ctx.stdout.write(`${JSON.stringify(pdf ? { ...result, pdf } : result, null, 2)}\n`);
  } else {
    if (!printed) {
      if (live) println(ctx.stderr, s.bold(VALIDATE_TEXTS.ready));
      println(ctx.stdout, cleanFeedbackForDisplay(result.feedback));
    }
    if (result.provider === 'offline') println(ctx.stderr, s.dim(VALIDATE_TEXTS.offline));
  }
  if (pdf) println(ctx.stderr, `${VALIDATE_TEXTS.pdfSaved}: ${pdf}`);
}

/** `val validate`. */
export function validateCommand(ctx: CliContext, run: (o: ValidateOptions, ctx: CliContext) => Promise<void> = runValidate): Command {
  return new Command('validate')
    .description("Get Val's feedback on a startup idea (and the PDF report)")
    .requiredOption('--idea <text>', 'the startup idea')
    .requiredOption('--customer <text>', 'the target customer')
    .requiredOption('--problem <text>', 'the problem it solves')
    .option('--stream', 'print the feedback as it is written (Server-Sent Events)')
    .option('--json', 'print the result as JSON: idea, targetCustomer, problemSolved, feedback, id, provider')
    .option('--pdf <file>', "also save the PDF report (a folder: saved there as val-report-<first three words>-<digits>.pdf)")
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      examples([
        ['val validate --idea "Meal kits for climbers" --customer "Boulderers" --problem "No quick food at the gym"', 'feedback on stdout'],
        ['val validate --idea "…" --customer "…" --problem "…" --stream', 'watch Val write'],
        ['val validate --idea "…" --customer "…" --problem "…" --pdf reports/', 'save the PDF report into reports/'],
        ['val validate --idea "…" --customer "…" --problem "…" --json | jq -r .feedback', 'for scripts'],
      ]),
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = parseOptions(validateOptionsSchema, cmd.opts(), FLAGS, cmd);
      validateRequestFromOptions(o);
      await run(o, ctx);
    });
}
