/**
 * The founder's version of a finished report (issue 36): they set the basis (market, segment,
 * place, buyer kind, product kind, price) and what-if assumptions; the sheet, break-even, scores
 * and verdict are computed again and stored beside the original (kept, so one click brings it
 * back). Sections written for the original numbers say so and the offline analyst writes them
 * again at once, from the founder's sheet, through the same consistency check as any section.
 */
import {
  citesInterviewEvidence,
  type AssumptionsInput,
  type BasisInput,
  type ReportAgent,
  type ReportBasisRequest,
  type ReportBasisResponse,
  type ReportFactSheet,
  type ReportRewriteResponse,
} from '@val/contracts';
import { getProduct } from '@val/content';
import { offlineReportAnswer } from '../ai/offline/reports';
import { basisFields, checkBasis, founderBasisOf } from '../analysis/basis';
import { checkSection, dropViolations } from '../analysis/check';
import { buildReportSheet } from '../analysis/reportSheet';
import { ConflictError, InputError, NotFoundError } from '../errors';
import type { FounderVersion, ReportJob, ReportRepository, ReportStepRecord } from '../repositories/reportJobs';
import { cleanAgentOutput } from './output';
import { sourcesForAgent } from './research';
import { sectionContext } from './writeSection';

/** Rewrite rounds per report (each writes every stale section again): "a few rewrites per report". */
export const REWRITE_ROUNDS_PER_REPORT = 5;

const compact = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/** The sheet shown for a job: the founder's version when set, else the original. */
export const shownSheet = (job: ReportJob): ReportFactSheet | null => job.founderVersion?.sheet ?? job.factSheet;

/** The shown sections that were written for the original numbers (ids), in report order. */
export function staleSections(job: ReportJob, steps: ReadonlyArray<ReportStepRecord>, hidden: ReadonlySet<string>): string[] {
  const v = job.founderVersion;
  if (!v) return [];
  return steps.filter((s) => s.status === 'finished' && s.rawOutput && !hidden.has(s.stepId) && v.rewrites[s.stepId] === undefined).map((s) => s.stepId);
}

/**
 * The basis and assumptions of a request, merged onto what the founder set before: a field given
 * replaces the earlier one; a field equal to what the shown sheet already says (and the founder
 * never set) changes nothing, so a form that sends every field marks only what was changed.
 */
function merged(job: ReportJob, req: ReportBasisRequest): { basis: BasisInput; assumptions: AssumptionsInput } {
  const shown = shownSheet(job) as ReportFactSheet;
  const before: BasisInput = job.founderVersion?.basis ?? founderBasisOf(job.factSheet) ?? {};
  const basis: BasisInput = { ...before };
  const b = req.basis ?? {};
  const set = new Set(shown.basis?.setByFounder ?? []);
  for (const f of basisFields(b)) {
    const value = b[f];
    const same =
      shown.basis &&
      !set.has(f) &&
      (f === 'place'
        ? String(value).toLowerCase().replace(/^the /, '') === (shown.basis.place ?? '').toLowerCase().replace(/^the /, '')
        : f === 'segment'
          ? String(value).toLowerCase() === shown.basis.segment.toLowerCase()
          : value === shown.basis[f]);
    if (!same) (basis as Record<string, unknown>)[f] = value;
  }
  const assumptions: AssumptionsInput = { ...(job.founderVersion?.assumptions ?? {}) };
  const a = req.assumptions ?? {};
  const now = new Map((shown.assumptions ?? []).map((x) => [x.id, x]));
  for (const [k, v] of Object.entries(compact(a)) as Array<[keyof AssumptionsInput, number]>) {
    const id = k === 'churn' ? 'lifetimeMonths' : k;
    const cur = now.get(id);
    if (cur && !cur.changedByYou && k !== 'churn' && Math.abs(cur.value - v) <= Math.abs(cur.value) * 1e-9) continue;
    if (k === 'churn') delete assumptions.lifetimeMonths;
    if (k === 'lifetimeMonths') delete assumptions.churn;
    assumptions[k] = v;
  }
  // A price in the basis and one among the assumptions are the same figure: the latest wins.
  if (b.price !== undefined && a.price === undefined) delete assumptions.price;
  if (a.price !== undefined) delete basis.price;
  return { basis: compact(basis), assumptions: compact(assumptions) };
}

/** Sets (or resets) the founder's version of a finished report and answers the sheet now shown. */
export async function setFounderBasis(repo: ReportRepository, id: string, req: ReportBasisRequest): Promise<ReportBasisResponse> {
  const job = await repo.get(id);
  if (!job) throw new NotFoundError('Report not found');
  const product = getProduct(job.product);
  if (!product || !job.factSheet) throw new ConflictError('This report was made before its numbers could be changed.');
  if (job.status !== 'finished') throw new ConflictError('The report is still being written: change its basis when it is ready.');
  const placeError = checkBasis(req.basis);
  if (placeError) throw new InputError(placeError);
  const hidden = new Set(product.agents.filter((a) => a.internal).map((a) => a.id));
  const steps = await repo.steps(id);
  let version: FounderVersion | null = null;
  if (!req.reset) {
    const { basis, assumptions } = merged(job, req);
    const start = founderBasisOf(job.factSheet) ?? {};
    const unchanged = !Object.keys(assumptions).length && JSON.stringify(compact(start)) === JSON.stringify(basis);
    if (!unchanged) {
      const sheet = buildReportSheet({ product, inputs: job.inputs, evidence: job.evidence, basis, assumptions });
      // The live sources the report consulted stay named.
      const withSources: ReportFactSheet = { ...sheet, sources: job.factSheet.sources };
      version = {
        basis,
        assumptions,
        sheet: withSources,
        // Sections written again stay only while the numbers they were written for are the ones shown.
        rewrites: job.founderVersion && JSON.stringify(job.founderVersion.sheet) === JSON.stringify(withSources) ? job.founderVersion.rewrites : {},
        rewriteRounds: job.founderVersion?.rewriteRounds ?? 0,
        at: new Date().toISOString(),
      };
    }
  }
  await repo.setFounderVersion(id, version);
  const now: ReportJob = { ...job, founderVersion: version };
  return {
    fact_sheet: shownSheet(now) as ReportFactSheet,
    original_fact_sheet: version ? job.factSheet : null,
    stale_sections: staleSections(now, steps, hidden),
  };
}

/**
 * Writes the stale sections (or the ones named) again for the founder's numbers with the offline
 * analyst, in report order (a section reads the sections it builds on as now shown), each checked
 * against the founder's sheet like any section.
 */
export async function rewriteSections(repo: ReportRepository, id: string, wanted?: ReadonlyArray<string>): Promise<ReportRewriteResponse> {
  const job = await repo.get(id);
  if (!job) throw new NotFoundError('Report not found');
  const product = getProduct(job.product);
  const v = job.founderVersion;
  if (!product || !v) throw new ConflictError('Nothing to write again: the report shows its original numbers.');
  const hidden = new Set(product.agents.filter((a) => a.internal).map((a) => a.id));
  const steps = await repo.steps(id);
  const stale = staleSections(job, steps, hidden);
  const unknown = (wanted ?? []).filter((w) => !stale.includes(w));
  if (unknown.length)
    throw new InputError(
      `sections: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not written for the original numbers (stale: ${stale.join(', ') || 'none'})`,
    );
  const todo = wanted?.length ? stale.filter((s) => wanted.includes(s)) : stale;
  if (!todo.length) return { rewritten: [], stale_sections: stale, rewrites_left: REWRITE_ROUNDS_PER_REPORT - v.rewriteRounds };
  if (v.rewriteRounds >= REWRITE_ROUNDS_PER_REPORT)
    throw new ConflictError(`This report's ${REWRITE_ROUNDS_PER_REPORT} rewrites are used: its sections stay as they are.`);
  const outputs = new Map(steps.map((s) => [s.stepId, v.rewrites[s.stepId] ?? s.rawOutput ?? '']));
  const agentsById = new Map(product.agents.map((a) => [a.id, a]));
  const rewrites = { ...v.rewrites };
  for (const agent of product.agents) {
    if (!todo.includes(agent.id)) continue;
    const evidence = job.evidence?.length && citesInterviewEvidence(agent.id) ? job.evidence : undefined;
    const sources = sourcesForAgent(agent.id, job.research);
    const input = {
      product,
      agent,
      inputs: job.inputs,
      upstream: agent.dependsOn.map((d) => {
        const a = agentsById.get(d) as ReportAgent;
        return { id: d, title: a.title, agent: a.name, output: outputs.get(d) ?? '' };
      }),
      sheet: v.sheet,
      ...(sources.length ? { sources } : {}),
      ...(evidence ? { evidence } : {}),
    };
    let text = cleanAgentOutput(offlineReportAnswer(input), agent.title);
    const found = checkSection(text, sectionContext(input)).violations;
    if (found.length) text = dropViolations(text, found).text;
    rewrites[agent.id] = text;
    outputs.set(agent.id, text);
  }
  const next: FounderVersion = { ...v, rewrites, rewriteRounds: v.rewriteRounds + 1 };
  await repo.setFounderVersion(id, next);
  return {
    rewritten: todo,
    stale_sections: staleSections({ ...job, founderVersion: next }, steps, hidden),
    rewrites_left: REWRITE_ROUNDS_PER_REPORT - next.rewriteRounds,
  };
}
