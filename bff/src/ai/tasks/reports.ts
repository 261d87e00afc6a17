import { SYNTHETIC_INTERVIEW_LABEL, type ReportAgent } from '@val/contracts';
import { offlineReportAnswer } from '../offline/reports';
import type { AiTextTask, ReportAgentInput } from '../types';

export type { ReportAgentInput, UpstreamFinding } from '../types';

/** Upstream text handed to a model per finding (characters), so token use stays bounded. */
export const UPSTREAM_CHARS = 3500;

/** Output rules shared by every report agent (static text, appended to each agent's prompt). */
export const REPORT_OUTPUT_HINT = [
  'Write your section of the report in GitHub-flavoured markdown.',
  'Do not repeat the section title as a heading; start with a one-paragraph summary, then use ### sub-headings, bullet lists and, where numbers matter, a small table.',
  "Use the buyer's own words for their idea, market and customers. State assumptions and ranges instead of false precision.",
  'Build on the earlier findings given in the data: name them and keep your numbers consistent with theirs.',
  'Stay between 250 and 600 words. No preamble, no closing offer of further help.',
].join('\n');

/** The data block a model reads: the brief, the inputs by their report names, the earlier findings. */
export function reportAgentData(input: ReportAgentInput): unknown {
  const { product, agent, inputs, upstream, evidence } = input;
  const data = {
    report: product.title,
    your_role: agent.name,
    your_task: agent.description,
    section_title: agent.title,
    inputs: Object.fromEntries(
      product.inputs.map((i) => [i.name, i.field ? inputs[i.field] ?? '' : `(not given: infer it from the other inputs) ${i.description}`]),
    ),
    earlier_findings: upstream.map((u) => ({
      section: u.title,
      by: u.agent,
      findings: u.output.length > UPSTREAM_CHARS ? `${u.output.slice(0, UPSTREAM_CHARS)}…` : u.output,
    })),
  };
  if (!evidence?.length) return data;
  return {
    ...data,
    synthetic_interviews: {
      label: SYNTHETIC_INTERVIEW_LABEL,
      interviews: evidence.map((p) => ({
        persona: p.name,
        role: p.role,
        exchanges: p.exchanges.map((x) => ({ founder_asked: x.question, persona_replied: x.reply })),
      })),
    },
  };
}

/** The rules for quoting step 3's interviews (appended to the prompt of an agent given some). */
export const INTERVIEW_EVIDENCE_PROMPT = 'report-interview-evidence.md';

const cache = new Map<string, AiTextTask<ReportAgentInput>>();

/**
 * The AI task of one report agent: its own prompt file (bff/prompts/report-<agent id>.md), the
 * shared output rules, the data above, and the offline analyst's answer for the same input.
 * `withEvidence` (an agent given step 3's interviews) adds the rules for quoting them.
 */
export function reportAgentTask(agent: Pick<ReportAgent, 'id'>, opts: { withEvidence?: boolean } = {}): AiTextTask<ReportAgentInput> {
  const key = opts.withEvidence ? `${agent.id}+evidence` : agent.id;
  let task = cache.get(key);
  if (!task) {
    task = {
      kind: 'text',
      name: `report-${agent.id}`,
      prompt: `report-${agent.id}.md`,
      ...(opts.withEvidence ? { promptParts: [INTERVIEW_EVIDENCE_PROMPT] } : {}),
      data: reportAgentData,
      outputHint: REPORT_OUTPUT_HINT,
      maxTokens: 1600,
      temperature: 0.4,
      offline: offlineReportAnswer,
    };
    cache.set(key, task);
  }
  return task;
}
