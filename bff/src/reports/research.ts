/**
 * A report job's web research: four searches (competitors, market size, trends, regulation) run
 * once per job when a search provider is configured, numbered once for the whole report, stored
 * with the job (a resumed job reuses them), and handed to each agent by topic.
 */
import type { ReportFactSheet, SourceRef } from '@val/contracts';
import type { Logger } from '../logger';
import type { JobResearch, ReportJob, ReportRepository } from '../repositories/reportJobs';
import { researchQueries, researchSources, runResearch, sourcesFor, type ResearchTopicId, type SearchProvider } from '../search';
import { LeaseLostError } from './lease';

/** The topics each agent's section draws on (an agent not listed cites nothing). */
export const AGENT_TOPICS: Readonly<Record<string, ReadonlyArray<ResearchTopicId>>> = {
  'target-customers': ['market-size'],
  'market-trends': ['trends'],
  'regulatory-impact': ['regulation'],
  'strategic-implications': ['trends', 'competitors'],
  'ai-marketplace-mindmap': ['competitors'],
  'profitability-forecast': ['market-size'],
  'technical-feasibility': ['trends'],
  'risk-analysis': ['regulation', 'competitors'],
  'final-recommendations': ['market-size', 'competitors'],
  'desirability-assessment': ['trends', 'competitors'],
  'market-definition': ['market-size'],
  'top-down-sizing': ['market-size'],
  'bottom-up-sizing': ['market-size'],
  'serviceable-market': ['market-size'],
  'tam-summary': ['market-size'],
  'problem-solution-fit': ['trends'],
  'competitive-landscape': ['competitors'],
  'business-model': ['market-size'],
  'evaluation-scorecard': ['competitors', 'market-size'],
  'competitive-rivalry': ['competitors'],
  'threat-of-new-entrants': ['regulation', 'competitors'],
  'supplier-power': ['competitors'],
  'buyer-power': ['competitors'],
  'threat-of-substitutes': ['competitors'],
  'five-forces-summary': ['competitors', 'trends'],
  'customer-personas': ['market-size'],
  'customer-interviews': ['trends'],
  'customer-insights': ['trends'],
  'pain-discovery': ['trends', 'competitors'],
  'pain-prioritization': ['trends'],
  'opportunity-map': ['competitors'],
  'revenue-streams': ['market-size'],
  'pricing-benchmarks': ['competitors'],
  'demand-signals': ['trends', 'market-size'],
  'revenue-forecast': ['market-size'],
};

/** Results per query handed to the agents (each topic's first ones). */
const PER_TOPIC = 4;

/** The sheet's sources note once research ran. */
export function liveSourcesNote(research: JobResearch): string {
  const n = research.sources.length;
  return n
    ? `Live sources consulted: ${n} search result${n === 1 ? '' : 's'} from ${research.provider} on ${research.at.slice(0, 10)}. Claims marked [n] cite them; every other figure is an estimate computed from your inputs.`
    : `A search (${research.provider}, ${research.at.slice(0, 10)}) found no usable sources: the figures are estimates computed from your inputs and the analyst's market table.`;
}

/**
 * The job's research: the stored one, or (with a provider) a new one run now and stored with the
 * job together with its sheet's updated sources note. Null without a provider.
 */
export async function ensureResearch(o: {
  job: ReportJob;
  sheet: ReportFactSheet;
  owner: string;
  repo: ReportRepository;
  search: SearchProvider | null;
  limit: number;
  signal: AbortSignal;
  log: Logger;
}): Promise<{ research: JobResearch | null; sheet: ReportFactSheet }> {
  const { job, sheet } = o;
  if (job.research) return { research: job.research, sheet: job.factSheet ?? withNote(sheet, job.research) };
  if (!o.search) return { research: null, sheet };
  const topics = researchQueries(sheet.market, sheet.subject, sheet.audience);
  const outcome = await runResearch(o.search, topics, { limit: o.limit, signal: o.signal, logger: o.log });
  if (o.signal.aborted) throw new LeaseLostError();
  const sources = researchSources(outcome);
  const byTopic: Record<string, number[]> = {};
  for (const t of topics)
    byTopic[t.id] = sourcesFor(sources, outcome, [t.id])
      .slice(0, PER_TOPIC)
      .map((s) => s.n);
  const research: JobResearch = {
    provider: o.search.name,
    at: new Date().toISOString(),
    sources,
    topics: byTopic,
    errors: outcome.results.filter((r) => r.error).map((r) => `${r.topic}: ${r.error}`),
  };
  const stored = await o.repo.saveResearch(job.id, o.owner, research, withNote(sheet, research));
  if (!stored) throw new LeaseLostError();
  o.log.info({ job: job.id, provider: research.provider, sources: research.sources.length, errors: research.errors.length }, 'report research stored');
  return { research: stored, sheet: withNote(sheet, stored) };
}

function withNote(sheet: ReportFactSheet, research: JobResearch): ReportFactSheet {
  return { ...sheet, sources: { live: research.sources.length > 0, provider: research.provider, note: liveSourcesNote(research) } };
}

/** The sources an agent may cite (report-wide numbers), by its topics. */
export function sourcesForAgent(agentId: string, research: JobResearch | null): SourceRef[] {
  if (!research) return [];
  const wanted = new Set((AGENT_TOPICS[agentId] ?? []).flatMap((t) => research.topics[t] ?? []));
  return research.sources.filter((s) => wanted.has(s.n));
}
