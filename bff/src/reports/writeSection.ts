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
  if (found.length && first.provider !== 'offline') {
    repaired = true;
    log.info(
      { job: o.jobId, step: agent.id, violations: found.length, kinds: [...new Set(found.map((v) => v.kind))] },
      'report section contradicts its fact sheet: one repair round',
    );
    try {
      const again = await ai.text(task, { ...input, repair: { answer: text, request: repairRequest(found) } }, { signal: o.signal });
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
