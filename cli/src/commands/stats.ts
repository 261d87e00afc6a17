import fs from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { z } from 'zod';
import { PARTNER_COMPANIES, derivePartnerRows, isoDaySchema, type LinkStat, type PartnerRow, type ProductStat } from '@val/contracts';
import { println, type CliContext } from '../context';
import { adminLogin, adminPassword } from '../utils/adminSession';
import { resolveApiUrl } from '../utils/api';
import { recordsToCsv } from '../utils/csv';
import { CliError, ExitCode } from '../utils/handleError';
import { examples, parseOptions } from '../utils/options';
import { spinner } from '../utils/progress';
import { formatCount, formatTable, formatTimestamp } from '../utils/table';
import { jsonText, terminalSafe } from '../utils/terminalText';

export const STATS_KINDS = ['links', 'products'] as const;
export const STATS_FORMATS = ['table', 'json', 'csv'] as const;

/** Options of `val stats links|products`. */
export const statsOptionsSchema = z
  .object({
    kind: z.enum(STATS_KINDS, { error: "must be 'links' or 'products'" }),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    format: z.enum(STATS_FORMATS, { error: "must be 'table', 'json' or 'csv'" }).default('table'),
    out: z.string().min(1, { error: 'must be a file name' }).optional(),
    api: z.string().optional(),
  })
  .strict()
  .refine((o) => !o.from || !o.to || o.from <= o.to, { error: 'must not be after --to', path: ['from'] });
export type StatsOptions = z.infer<typeof statsOptionsSchema>;

const FLAGS = { kind: 'kind', from: '--from', to: '--to', format: '--format', out: '--out', api: '--api' };

/** Columns of the CSV (and the keys of the JSON records), as the API names them. */
export const LINK_COLUMNS = ['company', 'linkType', 'clickCount', 'lastClicked', 'url'] as const satisfies ReadonlyArray<keyof LinkStat>;
export const PRODUCT_COLUMNS = ['product', 'location', 'clickCount', 'totalInputs', 'uniqueEmails', 'lastClicked'] as const satisfies ReadonlyArray<
  keyof ProductStat
>;

/** The admin dashboard's empty texts. */
export const EMPTY_TEXTS = {
  links: 'No link clicks tracked yet. Clicks will appear here once users interact with the partner links.',
  products: 'No product clicks tracked yet. Product engagement will appear here once users interact with the research products.',
} as const;

/** "all time", "from 2026-01-01", "2026-01-01 to 2026-01-31" (UTC days). */
export function describeRange(from?: string, to?: string): string {
  if (from && to) return `${from} to ${to} (UTC)`;
  if (from) return `from ${from} (UTC)`;
  if (to) return `until ${to} (UTC)`;
  return 'all time';
}

/** The readable table of partner links: the dashboard's partner rows, ranked, with its summary. */
export function linkStatsTable(stats: ReadonlyArray<LinkStat>, range = 'all time'): string {
  const rows = derivePartnerRows(stats);
  const total = rows.reduce((n, r) => n + r.totalClicks, 0);
  const top = rows[0] && rows[0].totalClicks > 0 ? rows[0] : undefined;
  const active = rows.filter((r) => r.totalClicks > 0).length;
  const table = formatTable<PartnerRow>(
    [
      { header: '#', align: 'right', value: (_r, i) => i + 1 },
      { header: 'Partner', value: (r) => r.company },
      { header: 'Logo', align: 'right', value: (r) => formatCount(r.logoClicks) },
      { header: 'Button', align: 'right', value: (r) => formatCount(r.buttonClicks) },
      { header: 'Total', align: 'right', value: (r) => formatCount(r.totalClicks) },
      { header: 'Last clicked', value: (r) => formatTimestamp(r.lastClicked) },
    ],
    rows,
  );
  return (
    `Partner Performance · ${range}\n\n${table}\n` +
    `Total Clicks: ${formatCount(total)} · Top Partner: ${top ? `${terminalSafe(top.company)} (${formatCount(top.totalClicks)})` : 'None'} · ` +
    `Active Partners: ${active} of ${PARTNER_COMPANIES.length} partners\n`
  );
}

/** The readable table of product clicks, ranked like the dashboard, with its summary. */
export function productStatsTable(stats: ReadonlyArray<ProductStat>, range = 'all time'): string {
  const total = stats.reduce((n, r) => n + r.clickCount, 0);
  const inputs = stats.reduce((n, r) => n + r.totalInputs, 0);
  const top = stats[0];
  const table = formatTable<ProductStat>(
    [
      { header: '#', align: 'right', value: (_r, i) => i + 1 },
      { header: 'Product', value: (r) => r.product, maxWidth: 40 },
      { header: 'Location', value: (r) => r.location },
      { header: 'Clicks', align: 'right', value: (r) => formatCount(r.clickCount) },
      { header: 'Inputs', align: 'right', value: (r) => formatCount(r.totalInputs) },
      { header: 'Emails', align: 'right', value: (r) => formatCount(r.uniqueEmails) },
      { header: 'Last clicked', value: (r) => formatTimestamp(r.lastClicked) },
    ],
    stats,
  );
  return (
    `Product Performance · ${range}\n\n${table}\n` +
    `Total Product Clicks: ${formatCount(total)} · Most Popular Product: ${top ? `${terminalSafe(top.product)} (${formatCount(top.clickCount)})` : 'None'} · ` +
    `Total User Inputs: ${formatCount(inputs)} form submissions\n`
  );
}

/** The records in the chosen format (table, JSON array, or RFC 4180 CSV). */
export function renderStats(
  kind: StatsOptions['kind'],
  format: StatsOptions['format'],
  records: ReadonlyArray<LinkStat> | ReadonlyArray<ProductStat>,
  range = 'all time',
): string {
  if (format === 'json') return `${jsonText(records)}\n`;
  if (kind === 'links') {
    const r = records as ReadonlyArray<LinkStat>;
    return format === 'csv' ? recordsToCsv<LinkStat>(LINK_COLUMNS, r) : linkStatsTable(r, range);
  }
  const r = records as ReadonlyArray<ProductStat>;
  return format === 'csv' ? recordsToCsv<ProductStat>(PRODUCT_COLUMNS, r) : productStatsTable(r, range);
}

/** Runs `val stats`: log in, fetch, print (or write --out). */
export async function runStats(opts: StatsOptions, ctx: CliContext): Promise<void> {
  const base = resolveApiUrl(opts.api, ctx.env);
  const password = await adminPassword(ctx);
  const live = opts.format !== 'json' && Boolean(ctx.stderr.isTTY) && (Boolean(ctx.stdout.isTTY) || Boolean(opts.out));
  const spin = spinner(ctx.stderr, live, `Logging in to ${base}…`);
  let records: LinkStat[] | ProductStat[];
  try {
    const admin = await adminLogin(base, password);
    try {
      spin.text(`Fetching ${opts.kind === 'links' ? 'partner-link' : 'product'} stats…`);
      const query = { from: opts.from, to: opts.to };
      const what = `read the ${opts.kind} stats`;
      records = opts.kind === 'links' ? await admin.call('adminLinkStats', { query }, what) : await admin.call('adminProductStats', { query }, what);
    } finally {
      await admin.logout();
    }
  } finally {
    spin.stop();
  }

  const range = describeRange(opts.from, opts.to);
  const totalClicks = (records as Array<{ clickCount: number }>).reduce((n, r) => n + r.clickCount, 0);
  if (opts.format === 'table' && totalClicks === 0) {
    println(ctx.stderr, `${EMPTY_TEXTS[opts.kind]}${opts.from || opts.to ? ` (${range})` : ''}`);
    return;
  }
  const text = renderStats(opts.kind, opts.format, records, range);
  if (opts.out) {
    const file = path.resolve(ctx.cwd, opts.out);
    try {
      await fs.writeFile(file, text);
    } catch (err) {
      throw new CliError(`Cannot write ${file}: ${(err as Error).message}`, ExitCode.Failure, 'Check that the folder exists and is writable.');
    }
    println(
      ctx.stderr,
      `Wrote ${records.length} ${opts.kind === 'links' ? 'link' : 'product'} record${records.length === 1 ? '' : 's'} (${opts.format}) to ${file}.`,
    );
    return;
  }
  // CSV keeps the stored text exactly for a file or a pipe; on a terminal it is printed safe.
  ctx.stdout.write(opts.format === 'csv' && ctx.stdout.isTTY ? terminalSafe(text) : text);
}

/** `val stats links|products`. */
export function statsCommand(ctx: CliContext, run: (o: StatsOptions, ctx: CliContext) => Promise<void> = runStats): Command {
  return new Command('stats')
    .description('Click analytics of the admin dashboard: partner links or research products')
    .argument('<kind>', "'links' (partner-link clicks) or 'products' (product clicks)")
    .option('--from <date>', 'first day, YYYY-MM-DD (UTC)')
    .option('--to <date>', 'last day, YYYY-MM-DD (UTC), inclusive')
    .option('--format <format>', "table (readable, the dashboard's view), json or csv (RFC 4180: the API's records)", 'table')
    .option('--out <file>', 'write to a file instead of stdout')
    .option('--api <url>', 'the Val server (default: VAL_API_URL or http://localhost:3000)')
    .addHelpText(
      'after',
      `${examples([
        ['val stats links', 'partner links ranked by total clicks'],
        ['val stats products --from 2026-01-01 --to 2026-01-31', 'product clicks in January'],
        ['val stats products --format csv --out products.csv', 'a spreadsheet'],
        ['val stats links --format json | jq ".[0]"', 'the most clicked link record'],
      ])}
Logs in with VAL_ADMIN_PASSWORD (asked without echo on a terminal when unset).
`,
    )
    .action(async (kind: string, _o: unknown, cmd: Command) => {
      const o = parseOptions(statsOptionsSchema, { kind, ...cmd.opts() }, FLAGS, cmd);
      await run(o, ctx);
    });
}
