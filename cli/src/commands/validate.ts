import fs from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { AiStreamCutError, AiStreamError, followAiStream } from '@val/client';
import {
  VALIDATE_PATH,
  VALIDATE_STREAM_PATH,
  VALIDATION_ID_PATTERN,
  VALIDATION_INPUTS,
  VALIDATION_ASSUMPTION_IDS,
  VALIDATION_TEXT,
  cleanFeedbackForDisplay,
  validationAssumptionsInputSchema,
  inputShape,
  inputsOf,
  validateRequestSchema,
  validationPermalink,
  type ValidateRequest,
  type ValidateResponse,
  type StoredValidationView,
  type ValidationComparison,
  type ValidationFactSheet,
} from '@val/contracts';
import { addBasisOptions, assumptionsOf, basisFlagsShape, basisOf } from '../utils/basis';
import { println, styles, useColor, type CliContext } from '../context';
import { ApiClient, resolveApiUrl } from '../utils/api';
import { databaseError, describeDatabase, quietKnex } from '../utils/database';
import { CliError, ExitCode, UsageError } from '../utils/handleError';
import { examples, parseOptions } from '../utils/options';
import { spinner } from '../utils/progress';
import { StreamCleaner } from '../utils/streamCleaner';
import { jsonText, terminalSafe } from '../utils/terminalText';
import { formatComparison } from './validations';

type Described = (typeof VALIDATION_INPUTS)[number];
/** Each described input's option (`--idea`, `--customer`…), required where the input is. */
type InputOptionShape = { [F in Described as F['cli']['flag']]: F['required'] extends true ? z.ZodString : z.ZodOptional<z.ZodString> };
const inputOptions = Object.fromEntries(VALIDATION_INPUTS.map((f) => [f.cli.flag, f.required ? z.string() : z.string().optional()])) as InputOptionShape;

/** Options of `val validate`. */
export const validateOptionsSchema = z
  .object({
    ...inputOptions,
    stream: z.boolean().default(false),
    json: z.boolean().default(false),
    pdf: z.string().min(1, { error: 'must be a file or folder name' }).optional(),
    api: z.string().optional(),
    compare: z.string().trim().regex(VALIDATION_ID_PATTERN, { error: 'must be a validation id (the UUID at the end of its /v/… link)' }).optional(),
    ...basisFlagsShape,
  })
  .strict();
export type ValidateOptions = z.infer<typeof validateOptionsSchema>;

/** The flag each option and each request field is given by (in error messages). */
const FLAGS = {
  ...Object.fromEntries(VALIDATION_INPUTS.flatMap((f) => [f.cli.flag, f.name].map((key) => [key, `--${f.cli.flag}`]))),
  pdf: '--pdf',
  api: '--api',
  compare: '--compare',
};

/** The validation's user-facing texts (waiting, ready, failure, PDF and offline notes), in the product's wording. */
export const VALIDATE_TEXTS = {
  pending: VALIDATION_TEXT.pending,
  ready: VALIDATION_TEXT.resultHeading,
  failed: VALIDATION_TEXT.failed.description,
  pdfSaved: `${VALIDATION_TEXT.pdfDone.title} ${VALIDATION_TEXT.pdfDone.description}`,
  pdfFailed: VALIDATION_TEXT.pdfFailed.description,
  offline: `${VALIDATION_TEXT.offlineNote}.`,
} as const;

const responseSchema = z.object({
  ...inputShape(() => z.string()),
  feedback: z.string(),
  id: z.string().optional(),
  provider: z.enum(['openai', 'offline']).optional(),
  score: z.number().nullable().optional(),
  deleteToken: z.string().optional(),
  factSheet: z.custom<ValidationFactSheet>((v) => typeof v === 'object' && v !== null).optional(),
});

const providerSchema = z.enum(['openai', 'offline']);

/** The request body from the options, checked with the server's own schema (limits included). */
export function validateRequestFromOptions(o: ValidateOptions): ValidateRequest {
  const given: Record<string, unknown> = o;
  const inputs = parseOptions(validateRequestSchema, Object.fromEntries(VALIDATION_INPUTS.map((f) => [f.name, given[f.cli.flag]])), FLAGS);
  // The founder's basis and what-if assumptions: the same flags as `val report start`, checked the same way.
  let basis, assumptions;
  try {
    basis = basisOf(o);
    assumptions = assumptionsOf(o.assume, VALIDATION_ASSUMPTION_IDS, validationAssumptionsInputSchema);
  } catch (err) {
    throw new UsageError((err as Error).message, 'Run `val validate --help` for the options and examples.');
  }
  return { ...inputs, ...(basis ? { basis } : {}), ...(assumptions ? { assumptions } : {}) };
}

/** The basis a sheet rests on, in one line ("market: logistics and mobility (yours) · place: Germany (yours) · …"). */
export function basisLine(sheet: ValidationFactSheet | undefined): string | null {
  const b = sheet?.basis;
  if (!b) return null;
  const mine = (f: (typeof b.setByFounder)[number], text: string) => `${text}${b.setByFounder.includes(f) ? ' (yours)' : ''}`;
  return [
    mine('market', `market: ${b.marketLabel}${b.wordsPointAt ? ` (your words point at ${b.wordsPointAt})` : ''}`),
    mine('segment', `segment: ${b.segment}`),
    mine('place', `place: ${b.place ?? 'none named'}`),
    mine('buyerKind', `buyer: ${b.buyerKind}`),
    ...(b.productKind ? [mine('productKind', `product: ${b.productKind}`)] : []),
    mine('price', `price: ${sheet.currency.symbol}${b.price.toLocaleString('en-US')} a month`),
  ].join(' · ');
}

/**
 * Where `--pdf` writes: into FILE, or — when FILE is an existing folder or ends with a slash —
 * into that folder under the report's own file name (val-report-<three words>-<six digits>.pdf).
 */
export async function pdfTarget(file: string, cwd: string, fileName: string): Promise<string> {
  const abs = path.resolve(cwd, file);
  const isDir =
    /[\\/]$/.test(file) ||
    (await fs.stat(abs).then(
      (s) => s.isDirectory(),
      () => false,
    ));
  if (!isDir) return abs;
  await fs.mkdir(abs, { recursive: true });
  return path.join(abs, fileName);
}

/** Builds the PDF with the web's builder and writes it; returns the path. */
export async function writeReportPdf(result: ValidateResponse, file: string, cwd: string): Promise<string> {
  let built: { bytes: Uint8Array; fileName: string };
  try {
    const { buildValidationReportPdf } = await import('@val/pdf');
    built = buildValidationReportPdf({ ...inputsOf(result), feedback: result.feedback });
  } catch (err) {
    throw new CliError(`${VALIDATE_TEXTS.pdfFailed}: ${(err as Error).message}`);
  }
  const target = await pdfTarget(file, cwd, built.fileName);
  try {
    await fs.writeFile(target, built.bytes);
  } catch (err) {
    throw new CliError(
      `${VALIDATE_TEXTS.pdfFailed}: cannot write ${target} (${(err as Error).message}).`,
      ExitCode.Failure,
      'Check that the folder exists and is writable.',
    );
  }
  return target;
}

/** How `val validate` gets its answer: from a server, or in this process. */
interface Validator {
  /** The web origin whose /v/:id page shows a validation stored by this validator. */
  readonly origin: string;
  /** The stored validation. */
  json(body: ValidateRequest): Promise<ValidateResponse>;
  /** The same, with `onText` getting the feedback as it is written. */
  stream(body: ValidateRequest, onText: (t: string) => void): Promise<ValidateResponse & { streamed: boolean }>;
  /** A stored validation (`--compare` checks its base exists before asking Val). */
  get(id: string): Promise<StoredValidationView>;
  /** What changed from `base` to `head`. */
  compare(base: string, head: string): Promise<ValidationComparison>;
  close(): Promise<void>;
}

/** The server given by --api or VAL_API_URL, or null: then `val validate` runs in this process. */
export function validateServer(opts: Pick<ValidateOptions, 'api'>, env: NodeJS.ProcessEnv): string | null {
  return opts.api !== undefined || env.VAL_API_URL?.trim() ? resolveApiUrl(opts.api, env) : null;
}

function serverValidator(url: string): Validator {
  const api = new ApiClient(url);
  return {
    origin: url,
    json: (body) => validateJson(api, body),
    stream: (body, onText) => validateStream(api, body, onText, () => undefined),
    get: (id) => api.call('getValidation', { params: { validationId: id } }, 'read the validation to compare with', { timeoutMs: 30_000 }),
    compare: (base, head) => api.call('compareValidations', { query: { base, head } }, 'compare the validations', { timeoutMs: 30_000 }),
    close: async () => undefined,
  };
}

/**
 * Where the server on this machine's settings shows a validation stored in process: PUBLIC_URL,
 * else http://localhost:PORT (3000 by default), as `npm start` serves it.
 */
export function localOrigin(env: NodeJS.ProcessEnv): string {
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (publicUrl) return publicUrl;
  const port = env.PORT?.trim();
  return `http://localhost:${port && /^\d+$/.test(port) && port !== '0' ? port : '3000'}`;
}

/** The server's settings that an in-process validation reads: the AI layer's and the database's. */
const LOCAL_SETTINGS = /^(AI_|OPENAI_)|^(DATABASE_URL|DATA_DIR|MIGRATE_ON_START|OFFLINE_AI_DELAY_MS|LOG_LEVEL)$/;

/**
 * Validation in this process, with the server's own configuration rules (AI_PROVIDER,
 * OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, AI_TIMEOUT_MS…, DATABASE_URL or the SQLite file
 * under DATA_DIR): the same AI layer answers and the validation is stored like the server's.
 */
async function localValidator(ctx: CliContext): Promise<Validator> {
  const { loadConfig, ConfigError, openLocalValidation, createLogger, createDb } = await import('@val/bff');
  let config;
  try {
    config = loadConfig(Object.fromEntries(Object.entries(ctx.env).filter(([k]) => LOCAL_SETTINGS.test(k))));
  } catch (err) {
    if (err instanceof ConfigError)
      throw new UsageError(err.problems.join('\n'), 'Fix these environment variables (see the README’s configuration table), or pass --api to use a server.');
    throw err;
  }
  const label = describeDatabase(config.DATABASE_URL, path.join(config.dataDir, 'val.sqlite'));
  const logger = createLogger({ LOG_LEVEL: ctx.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn' }, { write: (line: string) => void ctx.stderr.write(line) });
  const db = createDb({ url: config.DATABASE_URL, dataDir: config.dataDir, pool: { min: 0, max: 2 } });
  quietKnex(db, ctx);
  let local;
  try {
    local = await openLocalValidation(config, { logger, db });
  } catch (err) {
    throw databaseError(err, label);
  }
  const { service } = local;
  const failed = (err: unknown): never => {
    if ((err as { name?: string } | null)?.name === 'AiError') {
      throw new CliError(
        `${VALIDATE_TEXTS.failed} (${(err as Error).message})`,
        ExitCode.Failure,
        service.provider === 'openai'
          ? 'Check AI_PROVIDER, OPENAI_BASE_URL, OPENAI_MODEL and OPENAI_API_KEY, or pass --api to use a server.'
          : 'Try again in a moment.',
      );
    }
    throw databaseError(err, label);
  };
  const notFound =
    (what: string) =>
    (err: unknown): never => {
      if ((err as { name?: string } | null)?.name === 'NotFoundError')
        throw new CliError(`Could not ${what}: ${(err as Error).message}`, ExitCode.Failure, 'Check the id: it is the end of the validation’s /v/… link.');
      throw databaseError(err, label);
    };
  return {
    origin: localOrigin(ctx.env),
    json: (body) => service.validate(body).catch(failed),
    stream: (body, onText) => service.validate(body, { onText }).then((r) => ({ ...r, streamed: true }), failed),
    get: (id) => service.get(id).catch(notFound('read the validation to compare with')),
    compare: (base, head) => service.compare(base, head).catch(notFound('compare the validations')),
    close: () => local.close(),
  };
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
  let done: unknown;
  try {
    done = await followAiStream<unknown>(res.body, {
      onMeta: (p) => {
        if (providerSchema.safeParse(p).success) onProvider(p);
      },
      onText: (piece) => {
        if (typeof piece === 'string') onText(piece);
      },
    });
  } catch (err) {
    if (err instanceof AiStreamError) {
      const detail = err.message ? ` (${err.message})` : '';
      throw new CliError(
        `${VALIDATE_TEXTS.failed}${detail}`,
        ExitCode.Failure,
        'Try again in a moment; if it keeps failing, check the server logs and its AI settings.',
      );
    }
    if (err instanceof AiStreamCutError) {
      throw new CliError(
        `${VALIDATE_TEXTS.failed} (the stream ended before Val finished)`,
        ExitCode.Failure,
        'Try again; if it keeps happening, check the server logs.',
      );
    }
    throw err;
  }
  const d = responseSchema.safeParse(done);
  if (!d.success) throw new CliError(`${VALIDATE_TEXTS.failed} (the server's final event has an unexpected shape)`);
  return { ...d.data, streamed: true };
}

/**
 * Runs `val validate`: on the server given by --api or VAL_API_URL, else in this process with
 * the server's AI and database settings (so a terminal alone is enough).
 */
export async function runValidate(opts: ValidateOptions, ctx: CliContext): Promise<void> {
  const body = validateRequestFromOptions(opts);
  const server = validateServer(opts, ctx.env);
  const validator = server ? serverValidator(server) : await localValidator(ctx);
  try {
    await validateWith(validator, body, opts, ctx);
  } finally {
    await validator.close();
  }
}

async function validateWith(validator: Validator, body: ValidateRequest, opts: ValidateOptions, ctx: CliContext): Promise<void> {
  const s = styles(useColor(ctx, ctx.stderr));
  const live = !opts.json && Boolean(ctx.stderr.isTTY && ctx.stdout.isTTY);
  // --compare: the version to compare with must exist before Val is asked.
  if (opts.compare) await validator.get(opts.compare);
  const spin = spinner(ctx.stderr, live, VALIDATE_TEXTS.pending);

  let result: ValidateResponse;
  let printed = false;
  try {
    if (opts.stream) {
      const cleaner = new StreamCleaner();
      let first = true;
      let streamedText = '';
      const r = await validator.stream(body, (t) => {
        streamedText += t;
        if (opts.json) return;
        const out = cleaner.feed(t);
        if (!out) return;
        if (first) {
          spin.stop();
          if (live) println(ctx.stderr, s.bold(VALIDATE_TEXTS.ready));
          first = false;
        }
        ctx.stdout.write(terminalSafe(out));
        printed = true;
      });
      if (!opts.json && r.streamed) {
        const rest = cleaner.end();
        if (rest) {
          spin.stop();
          ctx.stdout.write(terminalSafe(rest));
          printed = true;
        }
      }
      const { streamed: _streamed, ...plain } = r;
      result = plain;
      // What streamed is the writer's draft; the stored answer passed the consistency check.
      if (!opts.json && r.streamed && streamedText.trim() && streamedText.trim() !== r.feedback.trim()) {
        println(
          ctx.stderr,
          `Val's consistency check corrected this answer before it was stored${r.id ? `: \`val validations show ${r.id}\` prints the checked version` : ''}.`,
        );
      }
    } else {
      result = await validator.json(body);
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
  if (opts.compare && !result.id)
    throw new CliError(
      'Could not compare: the server did not say which validation it stored.',
      ExitCode.Failure,
      'Is the server a Val server of the same version as this CLI?',
    );
  const comparison = opts.compare && result.id ? await validator.compare(opts.compare, result.id) : undefined;

  if (opts.json) {
    ctx.stdout.write(`${jsonText({ ...result, ...(pdf ? { pdf } : {}), ...(comparison ? { comparison } : {}) })}\n`);
  } else {
    if (!printed) {
      if (live) println(ctx.stderr, s.bold(VALIDATE_TEXTS.ready));
      println(ctx.stdout, terminalSafe(cleanFeedbackForDisplay(result.feedback)));
    }
    if (result.provider === 'offline') println(ctx.stderr, s.dim(VALIDATE_TEXTS.offline));
    const basis = basisLine(result.factSheet);
    if (basis) println(ctx.stderr, `Basis: ${terminalSafe(basis)}`);
    // Which stored validation this is, and its page (what `val validations show` and a browser open).
    if (result.id) println(ctx.stderr, `Id:   ${terminalSafe(result.id)}\nLink: ${terminalSafe(validator.origin + validationPermalink(result.id))}`);
    if (comparison) println(ctx.stdout, `\n${formatComparison(comparison, styles(useColor(ctx, ctx.stdout)))}`);
  }
  if (pdf) println(ctx.stderr, `${VALIDATE_TEXTS.pdfSaved}: ${pdf}`);
}

/** `val validate`. */
export function validateCommand(ctx: CliContext, run: (o: ValidateOptions, ctx: CliContext) => Promise<void> = runValidate): Command {
  const cmd = new Command('validate').description("Get Val's feedback on a startup idea (and the PDF report)");
  for (const f of VALIDATION_INPUTS) {
    if (f.required) cmd.requiredOption(`--${f.cli.flag} <text>`, f.cli.help);
    else cmd.option(`--${f.cli.flag} <text>`, f.cli.help);
  }
  cmd
    .option('--stream', 'print the feedback as it is written (Server-Sent Events)')
    .option(
      '--json',
      `print the result as JSON: ${VALIDATION_INPUTS.map((f) => f.name).join(', ')}, feedback, id, provider, score, deleteToken, factSheet (and comparison with --compare)`,
    )
    .option('--pdf <file>', 'also save the PDF report (a folder: saved there as val-report-<first three words>-<digits>.pdf)')
    .option('--api <url>', 'a Val server to ask (default: VAL_API_URL; with neither, Val answers in this process with the server’s AI settings)')
    .option('--compare <id>', 'compare the new version with this earlier validation (its id): score before → after, the inputs word by word, each section');
  return addBasisOptions(cmd, { assumeKeys: VALIDATION_ASSUMPTION_IDS })
    .addHelpText(
      'after',
      `${examples([
        ['val validate --idea "Meal kits for climbers" --customer "Boulderers" --problem "No quick food at the gym"', 'feedback on stdout'],
        ['val validate --idea "…" --customer "…" --problem "…" --stream', 'watch Val write'],
        ['val validate --idea "…" --customer "…" --problem "…" --pdf reports/', 'save the PDF report into reports/'],
        ['val validate --idea "…" --customer "…" --problem "…" --json | jq -r .feedback', 'for scripts'],
        ['OPENAI_API_KEY=sk-… val validate --idea "…" --customer "…" --problem "…"', 'in this process, with your model'],
        ['val validate --idea "…" --customer "…" --problem "…" --api https://val.example.com', 'ask a running server'],
        ['val validate --idea "…" --customer "Nurses on night shifts" --problem "…" --compare 3f0c2a8e-…', 'a new version, compared with the last'],
        ['val validate --idea "…" --customer "…" --problem "…" --market logistics --place Germany --price 30', 'on your basis'],
        ['val validate --idea "…" --customer "…" --problem "…" --assume buyers=4000 --assume price=30', 'what if'],
      ])}
Without --api or VAL_API_URL, Val answers in this process with the server's settings: AI_PROVIDER,
OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, AI_TIMEOUT_MS… (the offline analyst when none is
set), and stores the validation in DATABASE_URL or the SQLite file under DATA_DIR.
`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const o = parseOptions(validateOptionsSchema, cmd.opts(), FLAGS, cmd);
      validateRequestFromOptions(o);
      await run(o, ctx);
    });
}
