import type { Knex } from 'knex';
import type { DailyClicks, LinkStat, LinkType, ProductStat, StatsRange } from '@val/contracts';
import { toDate } from '../db/dates';

/** A partner-link click as stored. */
export interface LinkClickEvent {
  company: string;
  linkType: LinkType;
  url: string;
  clickedAt: Date;
}

/** A product click as stored (the email only as a keyed hash). */
export interface ProductClickEvent {
  product: string;
  location: string;
  inputs: number;
  emailHash: string | null;
  clickedAt: Date;
}

/** Rollup totals compared with counts over the raw events. */
export interface ConsistencyReport {
  ok: boolean;
  /** Human-readable differences, empty when ok. */
  differences: string[];
  rawLinkClicks: number;
  rollupLinkClicks: number;
  rawProductClicks: number;
  rollupProductClicks: number;
}

/**
 * Click analytics: raw events plus daily rollups. Writes come in batches (one transaction:
 * raw rows + rollup upserts); reads of the admin stats touch only the rollups.
 */
export interface AnalyticsRepository {
  /**
   * Stores a batch of events and folds them into the rollups, atomically. With a `batchId`, the
   * batch is stored at most once: a retry of a batch that was committed (but whose answer was
   * lost) is skipped and resolves false.
   */
  recordBatch(batch: { links: ReadonlyArray<LinkClickEvent>; products: ReadonlyArray<ProductClickEvent>; batchId?: string }): Promise<boolean>;
  /** Forgets batch ids written before `before` (a retry never comes that late). */
  pruneBatches(before: Date): Promise<number>;
  /** Link statistic records from the rollups, most clicked first. */
  linkStats(range?: StatsRange): Promise<LinkStat[]>;
  /** Product statistic records from the rollups, most clicked first. */
  productStats(range?: StatsRange): Promise<ProductStat[]>;
  /** Clicks per UTC day, oldest first (days without clicks are absent). */
  daily(kind: 'links' | 'products', range?: StatsRange): Promise<DailyClicks[]>;
  /** The same link statistics computed with GROUP BY over the raw events (audits, benchmarks). */
  linkStatsFromRaw(range?: StatsRange): Promise<LinkStat[]>;
  /** The same product statistics computed with GROUP BY over the raw events. */
  productStatsFromRaw(range?: StatsRange): Promise<ProductStat[]>;
  /** Recomputes every rollup from the raw events (after a bulk import, or to repair). */
  rebuildRollups(): Promise<void>;
  /** Checks that the rollups agree with the raw events, record by record. */
  checkConsistency(): Promise<ConsistencyReport>;
}

type Dialect = 'mysql' | 'sqlite';
type Num = number | string | null;

/** `YYYY-MM-DD` of a timestamp, in UTC. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * `utcDay` for a run of timestamps (a batch's clicks mostly share their day): the text of the
 * last day seen is reused while the timestamps stay within it (a UTC day is 86,400,000 ms).
 */
function utcDays(): (d: Date) => string {
  let num = NaN;
  let text = '';
  return (d) => {
    const n = Math.floor(d.getTime() / 86_400_000);
    if (n !== num) {
      text = utcDay(d);
      num = n;
    }
    return text;
  };
}

const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
const dayString = (v: Date | string | number): string => (v instanceof Date ? utcDay(v) : typeof v === 'number' ? utcDay(new Date(v)) : v.slice(0, 10));
const iso = (v: Date | string | number | null): string | null => (v === null || v === undefined ? null : toDate(v).toISOString());
const n = (v: Num | undefined) => Number(v ?? 0);
const CHUNK = 500;

function chunks<T>(rows: ReadonlyArray<T>, size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const byClicks =
  <T extends { clickCount: number }>(key: (r: T) => string) =>
  (a: T, b: T) =>
    b.clickCount - a.clickCount || key(a).localeCompare(key(b));

export function knexAnalyticsRepository(knex: Knex): AnalyticsRepository {
  const client = String((knex.client as { config?: { client?: unknown } }).config?.client ?? '');
  const dialect: Dialect = /mysql/.test(client) ? 'mysql' : 'sqlite';

  /** Multi-row upsert that adds counters and keeps the latest timestamp. */
  async function upsert(
    db: Knex | Knex.Transaction,
    table: string,
    keys: string[],
    sums: string[],
    maxes: string[],
    rows: ReadonlyArray<ReadonlyArray<unknown>>,
    /** Columns only an insert sets, given the max column's value (e.g. first_day from last_day). */
    insertOnly: string[] = [],
  ) {
    const cols = [...keys, ...sums, ...maxes, ...insertOnly];
    for (const part of chunks(rows)) {
      const values = part.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ');
      const bindings = part.flatMap((r) => [...r, ...insertOnly.map(() => r[r.length - 1])]);
      const head = `insert into ${table} (${cols.join(', ')}) values ${values}`;
      if (dialect === 'mysql') {
        const set = [...sums.map((c) => `${c} = ${c} + values(${c})`), ...maxes.map((c) => `${c} = greatest(${c}, values(${c}))`)].join(', ');
        await db.raw(`${head} on duplicate key update ${set}`, bindings as Knex.RawBinding[]);
      } else {
        const set = [...sums.map((c) => `${c} = ${c} + excluded.${c}`), ...maxes.map((c) => `${c} = max(${c}, excluded.${c})`)].join(', ');
        await db.raw(`${head} on conflict (${keys.join(', ')}) do update set ${set}`, bindings as Knex.RawBinding[]);
      }
    }
  }

  async function insertIgnore(db: Knex.Transaction, table: string, cols: string[], rows: ReadonlyArray<ReadonlyArray<unknown>>) {
    for (const part of chunks(rows)) {
      const values = part.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ');
      const head = `insert into ${table} (${cols.join(', ')}) values ${values}`;
      const tail = dialect === 'mysql' ? ` on duplicate key update ${cols[0]} = ${cols[0]}` : ' on conflict do nothing';
      await db.raw(head + tail, part.flat() as Knex.RawBinding[]);
    }
  }

  /**
   * Of the given (product, location, hash) keys, those already in product_emails, with their
   * last day. On MySQL the rows are locked (FOR UPDATE) so a concurrent writer waits and then
   * sees the moved last day: the recency counts never move the same email twice.
   */
  async function existingEmails(db: Knex.Transaction, keys: ReadonlyArray<{ product: string; location: string; hash: string }>) {
    const found = new Map<string, string>();
    const groups = new Map<string, { product: string; location: string; hashes: string[] }>();
    for (const k of keys) {
      const g = groups.get(`${k.product}\u0000${k.location}`) ?? { product: k.product, location: k.location, hashes: [] };
      g.hashes.push(k.hash);
      groups.set(`${k.product}\u0000${k.location}`, g);
    }
    for (const g of groups.values()) {
      for (const part of chunks(g.hashes)) {
        const q = db('product_emails').select('email_hash', 'last_day').where({ product: g.product, location: g.location }).whereIn('email_hash', part);
        const rows = (await (dialect === 'mysql' ? q.forUpdate() : q)) as { email_hash: string; last_day: Date | string | null }[];
        for (const r of rows) found.set(`${g.product}\u0000${g.location}\u0000${r.email_hash}`, r.last_day === null ? '' : dayString(r.last_day));
      }
    }
    return found;
  }

  const rangeWhere = (qb: Knex.QueryBuilder, range: StatsRange | undefined, col = 'day') => {
    if (range?.from) qb.where(col, '>=', range.from);
    if (range?.to) qb.where(col, '<=', range.to);
    return qb;
  };
  const rawRangeWhere = (qb: Knex.QueryBuilder, range: StatsRange | undefined) => {
    if (range?.from) qb.where('clicked_at', '>=', new Date(`${range.from}T00:00:00.000Z`));
    if (range?.to) qb.where('clicked_at', '<', new Date(`${nextDay(range.to)}T00:00:00.000Z`));
    return qb;
  };
  const dayExpr = (col: string) => (dialect === 'mysql' ? `date(${col})` : `strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`);

  interface LinkRow {
    company: string;
    link_type: LinkType;
    url: string;
    clicks: Num;
    last: Date | string | number | null;
  }
  const toLinkStat = (r: LinkRow): LinkStat => ({
    company: r.company,
    linkType: r.link_type,
    clickCount: n(r.clicks),
    lastClicked: iso(r.last),
    url: r.url,
  });
  interface ProductRow {
    product: string;
    location: string;
    clicks: Num;
    inputs: Num;
    emails: Num;
    last: Date | string | number | null;
  }
  const toProductStat = (r: ProductRow): ProductStat => ({
    product: r.product,
    location: r.location,
    clickCount: n(r.clicks),
    totalInputs: n(r.inputs),
    uniqueEmails: n(r.emails),
    lastClicked: iso(r.last),
  });
  const productKey = (s: ProductStat) => `${s.product}\u0000${s.location}`;
  const linkKey = (s: LinkStat) => `${s.company}\u0000${s.linkType}\u0000${s.url}`;

  /** Raw link events + their daily and all-time rollups. */
  async function recordLinks(trx: Knex.Transaction, links: ReadonlyArray<LinkClickEvent>) {
    for (const part of chunks(links)) {
      await trx('link_click_events').insert(part.map((e) => ({ company: e.company, link_type: e.linkType, url: e.url, clicked_at: e.clickedAt })));
    }
    const agg = new Map<string, [string, string, string, string, number, Date]>();
    const dayOf = utcDays();
    for (const e of links) {
      const day = dayOf(e.clickedAt);
      const k = `${day}\u0000${e.company}\u0000${e.linkType}\u0000${e.url}`;
      const row = agg.get(k);
      if (row) {
        row[4] += 1;
        if (e.clickedAt > row[5]) row[5] = e.clickedAt;
      } else agg.set(k, [day, e.company, e.linkType, e.url, 1, e.clickedAt]);
    }
    await upsert(trx, 'link_click_daily', ['day', 'company', 'link_type', 'url'], ['click_count'], ['last_clicked'], [...agg.values()]);
    const totals = new Map<string, [string, string, string, number, Date]>();
    for (const [, company, linkType, url, clicks, last] of agg.values()) {
      const k = `${company}\u0000${linkType}\u0000${url}`;
      const row = totals.get(k);
      if (row) {
        row[3] += clicks;
        if (last > row[4]) row[4] = last;
      } else totals.set(k, [company, linkType, url, clicks, last]);
    }
    await upsert(trx, 'link_click_totals', ['company', 'link_type', 'url'], ['click_count'], ['last_clicked'], [...totals.values()]);
  }

  /** Raw product events, the email tables and the daily and all-time rollups. */
  async function recordProducts(trx: Knex.Transaction, products: ReadonlyArray<ProductClickEvent>) {
    for (const part of chunks(products)) {
      await trx('product_click_events').insert(
        part.map((e) => ({
          product: e.product,
          location: e.location,
          inputs: e.inputs,
          email_hash: e.emailHash,
          clicked_at: e.clickedAt,
        })),
      );
    }
    const emailKeys = new Map<string, { product: string; location: string; hash: string; day: string; last: string }>();
    const emailDays = new Map<string, [string, string, string, string]>();
    const dayOf = utcDays();
    for (const e of products) {
      if (!e.emailHash) continue;
      const day = dayOf(e.clickedAt);
      const k = `${e.product}\u0000${e.location}\u0000${e.emailHash}`;
      const seen = emailKeys.get(k);
      if (!seen) emailKeys.set(k, { product: e.product, location: e.location, hash: e.emailHash, day, last: day });
      else {
        if (day < seen.day) seen.day = day;
        if (day > seen.last) seen.last = day;
      }
      emailDays.set(`${day}\u0000${k}`, [day, e.product, e.location, e.emailHash]);
    }
    const newEmails = new Map<string, number>();
    if (emailKeys.size) {
      const existing = await existingEmails(trx, [...emailKeys.values()]);
      const fresh = [...emailKeys.entries()].filter(([k]) => !existing.has(k)).map(([, v]) => v);
      const known = [...emailKeys.entries()].filter(([k]) => existing.has(k)).map(([, v]) => v);
      // A plain insert: if another process added the same email meanwhile, this fails, the
      // transaction rolls back and the writer retries (so first-seen counts stay exact).
      for (const part of chunks(fresh)) {
        await trx('product_emails').insert(
          part.map((f) => ({ product: f.product, location: f.location, email_hash: f.hash, first_day: f.day, last_day: f.last })),
        );
      }
      await upsert(
        trx,
        'product_emails',
        ['product', 'location', 'email_hash'],
        [],
        ['last_day'],
        known.map((k) => [k.product, k.location, k.hash, k.last]),
        ['first_day'],
      );
      const recency = new Map<string, [string, string, string, number]>();
      const move = (product: string, location: string, day: string, delta: number) => {
        const k = `${product}\u0000${location}\u0000${day}`;
        const row = recency.get(k) ?? [product, location, day, 0];
        row[3] += delta;
        recency.set(k, row);
      };
      for (const f of fresh) {
        const k = `${f.day}\u0000${f.product}\u0000${f.location}`;
        newEmails.set(k, (newEmails.get(k) ?? 0) + 1);
        move(f.product, f.location, f.last, 1);
      }
      for (const [k, v] of emailKeys) {
        const before = existing.get(k);
        if (before === undefined || v.last <= before) continue;
        if (before) move(v.product, v.location, before, -1);
        move(v.product, v.location, v.last, 1);
      }
      await upsert(
        trx,
        'product_email_recency',
        ['product', 'location', 'last_day'],
        ['emails'],
        [],
        [...recency.values()].filter((r) => r[3] !== 0),
      );
      await insertIgnore(trx, 'product_email_days', ['day', 'product', 'location', 'email_hash'], [...emailDays.values()]);
    }
    const agg = new Map<string, [string, string, string, number, number, number, Date]>();
    for (const e of products) {
      const day = dayOf(e.clickedAt);
      const k = `${day}\u0000${e.product}\u0000${e.location}`;
      const row = agg.get(k);
      if (row) {
        row[3] += 1;
        row[4] += e.inputs;
        if (e.clickedAt > row[6]) row[6] = e.clickedAt;
      } else agg.set(k, [day, e.product, e.location, 1, e.inputs, 0, e.clickedAt]);
    }
    for (const [k, count] of newEmails) {
      const row = agg.get(k);
      if (row) row[5] += count;
    }
    await upsert(
      trx,
      'product_click_daily',
      ['day', 'product', 'location'],
      ['click_count', 'total_inputs', 'new_emails'],
      ['last_clicked'],
      [...agg.values()],
    );
    const totals = new Map<string, [string, string, number, number, number, Date]>();
    for (const [, product, location, clicks, inputs, fresh, last] of agg.values()) {
      const k = `${product}\u0000${location}`;
      const row = totals.get(k);
      if (row) {
        row[2] += clicks;
        row[3] += inputs;
        row[4] += fresh;
        if (last > row[5]) row[5] = last;
      } else totals.set(k, [product, location, clicks, inputs, fresh, last]);
    }
    await upsert(
      trx,
      'product_click_totals',
      ['product', 'location'],
      ['click_count', 'total_inputs', 'unique_emails'],
      ['last_clicked'],
      [...totals.values()],
    );
  }

  const repo: AnalyticsRepository = {
    async recordBatch({ links, products, batchId }) {
      if (!links.length && !products.length) return true;
      return knex.transaction(async (trx) => {
        if (batchId) {
          // The id's row commits with the events; a retry after a lost COMMIT answer finds it.
          if (await trx('analytics_batches').where({ id: batchId }).first('id')) return false;
          await trx('analytics_batches').insert({ id: batchId, written_at: new Date() });
        }
        if (links.length) await recordLinks(trx, links);
        if (products.length) await recordProducts(trx, products);
        return true;
      });
    },

    async pruneBatches(before) {
      return knex('analytics_batches').where('written_at', '<', before).delete();
    },

    async linkStats(range) {
      if (!range?.from && !range?.to) {
        const all = (await knex('link_click_totals').select('company', 'link_type', 'url', {
          clicks: 'click_count',
          last: 'last_clicked',
        })) as LinkRow[];
        return all.map(toLinkStat).sort(byClicks(linkKey));
      }
      const rows = (await rangeWhere(
        knex('link_click_daily')
          .select('company', 'link_type', 'url')
          .sum({ clicks: 'click_count' })
          .max({ last: 'last_clicked' })
          .groupBy('company', 'link_type', 'url'),
        range,
      )) as LinkRow[];
      return rows.map(toLinkStat).sort(byClicks(linkKey));
    },

    async productStats(range = {}) {
      if (!range.from && !range.to) {
        const all = (await knex('product_click_totals').select('product', 'location', {
          clicks: 'click_count',
          inputs: 'total_inputs',
          emails: 'unique_emails',
          last: 'last_clicked',
        })) as ProductRow[];
        return all.map(toProductStat).sort(byClicks(productKey));
      }
      const rows = (await rangeWhere(
        knex('product_click_daily')
          .select('product', 'location')
          .sum({ clicks: 'click_count', inputs: 'total_inputs', emails: 'new_emails' })
          .max({ last: 'last_clicked' })
          .groupBy('product', 'location'),
        range,
      )) as ProductRow[];
      const stats = rows.map(toProductStat);
      // Within a range: distinct emails among the range's clicks (not first-seen counts).
      const byKey = new Map<string, number>();
      if (!range.to || range.to >= utcDay(new Date())) {
        // A window ending today: the emails whose latest click falls inside it.
        const recent = (await knex('product_email_recency')
          .select('product', 'location')
          .sum({ emails: 'emails' })
          .where('last_day', '>=', range.from ?? '1970-01-01')
          .groupBy('product', 'location')) as { product: string; location: string; emails: Num }[];
        for (const d of recent) byKey.set(`${d.product}\u0000${d.location}`, n(d.emails));
      } else {
        const distinct = (await rangeWhere(
          knex('product_email_days').select('product', 'location').countDistinct({ emails: 'email_hash' }).groupBy('product', 'location'),
          range,
        )) as { product: string; location: string; emails: Num }[];
        for (const d of distinct) byKey.set(`${d.product}\u0000${d.location}`, n(d.emails));
      }
      for (const st of stats) st.uniqueEmails = byKey.get(productKey(st)) ?? 0;
      return stats.sort(byClicks(productKey));
    },

    async daily(kind, range) {
      const table = kind === 'links' ? 'link_click_daily' : 'product_click_daily';
      const rows = (await rangeWhere(knex(table).select('day').sum({ clicks: 'click_count' }).groupBy('day').orderBy('day', 'asc'), range)) as {
        day: Date | string | number;
        clicks: Num;
      }[];
      return rows.map((r) => ({ day: dayString(r.day), clicks: n(r.clicks) }));
    },

    async linkStatsFromRaw(range) {
      const rows = (await rawRangeWhere(
        knex('link_click_events')
          .select('company', 'link_type', 'url')
          .count({ clicks: '*' })
          .max({ last: 'clicked_at' })
          .groupBy('company', 'link_type', 'url'),
        range,
      )) as LinkRow[];
      return rows.map(toLinkStat).sort(byClicks(linkKey));
    },

    async productStatsFromRaw(range) {
      const rows = (await rawRangeWhere(
        knex('product_click_events')
          .select('product', 'location')
          .count({ clicks: '*' })
          .sum({ inputs: 'inputs' })
          .countDistinct({ emails: 'email_hash' })
          .max({ last: 'clicked_at' })
          .groupBy('product', 'location'),
        range,
      )) as ProductRow[];
      return rows.map(toProductStat).sort(byClicks(productKey));
    },

    async rebuildRollups() {
      await knex.transaction(async (trx) => {
        for (const t of [
          'link_click_daily',
          'link_click_totals',
          'product_click_daily',
          'product_click_totals',
          'product_emails',
          'product_email_days',
          'product_email_recency',
        ])
          await trx(t).del();
        await trx.raw(
          `insert into link_click_daily (day, company, link_type, url, click_count, last_clicked)
           select ${dayExpr('clicked_at')} as d, company, link_type, url, count(*), max(clicked_at)
           from link_click_events group by d, company, link_type, url`,
        );
        await trx.raw(
          `insert into product_emails (product, location, email_hash, first_day, last_day)
           select product, location, email_hash, min(${dayExpr('clicked_at')}), max(${dayExpr('clicked_at')})
           from product_click_events where email_hash is not null group by product, location, email_hash`,
        );
        await trx.raw(
          `insert into product_email_recency (product, location, last_day, emails)
           select product, location, last_day, count(*) from product_emails group by product, location, last_day`,
        );
        await trx.raw(
          `insert into product_email_days (day, product, location, email_hash)
           select distinct ${dayExpr('clicked_at')}, product, location, email_hash
           from product_click_events where email_hash is not null`,
        );
        await trx.raw(
          `insert into product_click_daily (day, product, location, click_count, total_inputs, new_emails, last_clicked)
           select a.d, a.product, a.location, a.c, a.i, coalesce(f.c, 0), a.last
           from (select ${dayExpr('clicked_at')} as d, product, location, count(*) as c, sum(inputs) as i, max(clicked_at) as last
                 from product_click_events group by d, product, location) a
           left join (select first_day, product, location, count(*) as c from product_emails group by first_day, product, location) f
             on f.first_day = a.d and f.product = a.product and f.location = a.location`,
        );
        await trx.raw(
          `insert into link_click_totals (company, link_type, url, click_count, last_clicked)
           select company, link_type, url, sum(click_count), max(last_clicked) from link_click_daily group by company, link_type, url`,
        );
        await trx.raw(
          `insert into product_click_totals (product, location, click_count, total_inputs, unique_emails, last_clicked)
           select product, location, sum(click_count), sum(total_inputs), sum(new_emails), max(last_clicked)
           from product_click_daily group by product, location`,
        );
      });
    },

    async checkConsistency() {
      const differences: string[] = [];
      const everything = { from: '1970-01-01', to: '9999-12-31' };
      const [rl, ll, rp, lp, ld, pd] = await Promise.all([
        repo.linkStatsFromRaw(),
        repo.linkStats(),
        repo.productStatsFromRaw(),
        repo.productStats(),
        repo.linkStats(everything),
        repo.productStats(everything),
      ]);
      const compare = <T extends { clickCount: number }>(label: string, raw: T[], rolled: T[], key: (t: T) => string) => {
        const byKey = new Map(rolled.map((r) => [key(r), r]));
        for (const r of raw) {
          const o = byKey.get(key(r));
          byKey.delete(key(r));
          if (!o) differences.push(`${label} ${key(r).replace(/\u0000/g, '/')}: missing from the rollup`);
          else if (JSON.stringify(o) !== JSON.stringify(r))
            differences.push(`${label} ${key(r).replace(/\u0000/g, '/')}: rollup ${JSON.stringify(o)} vs raw ${JSON.stringify(r)}`);
        }
        for (const k of byKey.keys()) differences.push(`${label} ${k.replace(/\u0000/g, '/')}: only in the rollup`);
      };
      compare('link totals', rl, ll, linkKey);
      compare('product totals', rp, lp, productKey);
      compare('link daily', rl, ld, linkKey);
      compare('product daily', rp, pd, productKey);
      const sum = (xs: { clickCount: number }[]) => xs.reduce((s, x) => s + x.clickCount, 0);
      return {
        ok: differences.length === 0,
        differences,
        rawLinkClicks: sum(rl),
        rollupLinkClicks: sum(ll),
        rawProductClicks: sum(rp),
        rollupProductClicks: sum(lp),
      };
    },
  };
  return repo;
}
