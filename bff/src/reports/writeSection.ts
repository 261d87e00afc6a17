/**
 * One report section, written and checked before it is stored: the agent writes around the fact
 * sheet, the consistency check compares the section with it, a model gets one repair round that
 * lists what was wrong, and whatever still contradicts the sheet is removed with a note saying
 * so. The offline analyst goes through the same check.
 */
import { type AiProviderName, type ReportAgent, type SourceRef } from '@val/contracts';
import type { Ai } from '../ai/service';
import { reportAgentTask } from '../ai/tasks/reports';
import { AiError, type ReportAgentInput } from '../ai/types';
import { checkSection, dropViolations, repairRequest, type CheckContext, type Violation } from '../analysis/check';
import { textUnits } from '../analysis/units';
import { offlineReportAnswer } from '../ai/offline/reports';
import type { Logger } from '../logger';
import type { StepCheck } from '../repositories/reportJobs';
import { cleanAgentOutput } from './output';

export interface WrittenSection {
  text: string;
  provider: AiProviderName;
  /** The sources the stored text cites. */
  sources: SourceRef[];
  check: StepCheck;
  /** What the check found in the last answer (before anything was removed). */
  violations: Violation[];
}

/** The check context of a report section: its sheet, the buyer's words, the interviews it may quote, its sources. */
export function sectionContext(input: ReportAgentInput & { sheet: NonNullable<ReportAgentInput['sheet']> }): CheckContext {
  return {
    sheet: input.sheet,
    inputs: Object.values(input.inputs).join(' '),
    quoted: (input.evidence ?? []).flatMap((p) => p.exchanges.flatMap((x) => [x.question, x.reply])).join(' '),
    sources: input.sources,
    sectionId: input.agent.id,
  };
}

export async function writeSection(o: {
  ai: Ai;
  agent: ReportAgent;
  input: ReportAgentInput & { sheet: NonNullable<ReportAgentInput['sheet']> };
  signal?: AbortSignal;
  log: Logger;
  /** For logs: the job. */
  jobId?: string;
}): Promise<WrittenSection> {
  const { ai, agent, input, log } = o;
  const task = reportAgentTask(agent, { withEvidence: !!input.evidence?.length });
  const first = await ai.text(task, input, { signal: o.signal });
  let text = cleanAgentOutput(first.value, agent.title);
  const ctx = sectionContext(input);
  let found = checkSection(text, ctx).violations;
  let repaired = false;
  /** One more model round listing the problems; keeps the answer when it is no worse. */
  const round = async (request: string, why: string): Promise<void> => {
    log.info({ job: o.jobId, step: agent.id, violations: found.length, kinds: [...new Set(found.map((v) => v.kind))] }, why);
    try {
      const again = await ai.text(task, { ...input, repair: { answer: text, request } }, { signal: o.signal });
      const fixed = cleanAgentOutput(again.value, agent.title);
      const left = checkSection(fixed, ctx).violations;
      if (left.length <= found.length) {
        text = fixed;
        found = left;
      }
    } catch (err) {
      if (err instanceof AiError && err.kind === 'aborted') throw err;
      log.warn({ job: o.jobId, step: agent.id, err: (err as Error).message }, 'repair round failed; checking the first answer');
    }
  };
  if (found.length && first.provider !== 'offline') {
    repaired = true;
    await round(repairRequest(found), 'report section contradicts its fact sheet: one repair round');
  }
  // A section that would lose more than a third of its pieces is hollow: one more round, then the offline analyst's.
  if (found.length && first.provider !== 'offline' && hollow(text, found)) {
    await round(hollowRequest(text, found), 'report section would lose more than a third of its sentences: one more round');
    if (found.length && hollow(text, found)) {
      const offline = cleanAgentOutput(offlineReportAnswer(input), agent.title);
      const left = checkSection(offline, ctx).violations;
      const kept = left.length ? dropViolations(offline, left) : { text: offline, removed: 0 };
      log.warn(
        { job: o.jobId, step: agent.id, violations: found.length, kinds: [...new Set(found.map((v) => v.kind))] },
        "report section still hollow after the model's rounds: the offline analyst wrote it from the sheet",
      );
      const sources = (input.sources ?? []).filter((s) => kept.text.includes(`[${s.n}]`));
      return {
        text: kept.text,
        provider: first.provider,
        sources,
        check: { removed: kept.removed, repaired: true, writtenBy: 'offline-after-model' },
        violations: left,
      };
    }
  }
  let removed = 0;
  if (found.length) {
    const dropped = dropViolations(text, found);
    text = dropped.text;
    removed = dropped.removed;
    log.warn(
      { job: o.jobId, step: agent.id, removed, kinds: [...new Set(found.map((v) => v.kind))], provider: first.provider },
      'unsupported claims removed from a report section',
    );
  }
  const sources = (input.sources ?? []).filter((s) => text.includes(`[${s.n}]`));
  return { text, provider: first.provider, sources, check: { removed, repaired }, violations: found };
}

/** The pieces of a text the check removes one at a time (sentences, items, rows), headings apart. */
const pieces = (text: string) => textUnits(text).filter((u) => u.kind !== 'heading' && u.kind !== 'code');

/** Whether removing the violations would take more than a third of the section's sentences, items and rows. */
export function hollow(text: string, found: ReadonlyArray<Violation>): boolean {
  const all = pieces(text);
  if (!all.length) return true;
  const hit = new Set(all.filter((u) => found.some((v) => v.start >= u.start && v.start < u.end)));
  return hit.size * 3 > all.length;
}

/** The request of the round after a hollow answer: every problem, and that the section must keep its substance. */
function hollowRequest(text: string, found: ReadonlyArray<Violation>): string {
  const all = pieces(text);
  const hit = new Set(all.filter((u) => found.some((v) => v.start >= u.start && v.start < u.end)));
  return [
    `Removing what contradicts the fact sheet would take ${hit.size} of the section's ${all.length} sentences, list items and table rows: the section would be hollow.`,
    repairRequest(found),
    'Write the full section again with the same headings and substance, every claim supported by the fact sheet: no certainty, no "no competitors", no "everyone", no fundraising or listing plans, no score out of 10 that is not the sheet\'s.',
  ].join('\n');
}
