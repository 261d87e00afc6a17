import { SYNTHETIC_INTERVIEW_LABEL, type ReportAgent } from '@val/contracts';
import { reportSheetForModel } from '../../analysis/forModel';
import { buildReportSheet } from '../../analysis/reportSheet';
import { offlineReportAnswer } from '../offline/reports';
import type { AiTextTask, ChatMessage, ReportAgentInput } from '../types';

export type { ReportAgentInput, UpstreamFinding } from '../types';

/** Upstream text handed to a model per finding (characters), so token use stays bounded. */
export const UPSTREAM_CHARS = 3500;

/** Output rules shared by every report agent (static text, appended to each agent's prompt). */
export const REPORT_OUTPUT_HINT = [
  'Write your section of the report in GitHub-flavoured markdown.',
  'Do not repeat the section title as a heading; start with a one-paragraph summary, then use ### sub-headings, bullet lists and, where numbers matter, a small table.',
  "Use the buyer's own words for their idea, market and customers. State assumptions and ranges instead of false precision.",
  'Build on the earlier findings given in the data: name them and keep your numbers consistent with theirs.',
  'Numbers: use only the figures of fact_sheet, written exactly as given there (same currency), the founder\'s own numbers, or numbers from a source you cite as [n]. Mark any other number "(assumption)". Never add precision the sheet does not have.',
  'Verdict: when you state one, use fact_sheet.verdict.word exactly (Go, Go with changes or No-go); it is decided by the numbers. Never say the numbers work or that it breaks even when fact_sheet.break_even says none.',
  'Scores: give a 0-10 score with its word from fact_sheet.scores (0-3 Low, 4-6 Medium, 7-10 High); the words around it must agree with it.',
  'Companies: name only those in fact_sheet.competitors, in the inputs, or in the sources.',
  'Sources: when sources are given, cite the one that supports a claim as [n] right after it; never cite a number that is not in the list. Without sources, do not claim to have consulted any.',
  'Stay between 250 and 600 words. No preamble, no closing offer of further help.',
].join('\n');

/** The data block a model reads: the brief, the inputs by their report names, the earlier findings. */
export function reportAgentData(input: ReportAgentInput): unknown {
  const { product, agent, inputs, upstream, evidence } = input;
  const sheet = input.sheet ?? buildReportSheet({ product, inputs, evidence });
  const data = {
    report: product.title,
    your_role: agent.name,
    your_task: agent.description,
    section_title: agent.title,
    inputs: Object.fromEntries(
      product.inputs.map((i) => [i.name, i.field ? (inputs[i.field] ?? '') : `(not given: infer it from the other inputs) ${i.description}`]),
    ),
    earlier_findings: upstream.map((u) => ({
      section: u.title,
      by: u.agent,
      findings: u.output.length > UPSTREAM_CHARS ? `${u.output.slice(0, UPSTREAM_CHARS)}…` : u.output,
    })),
    fact_sheet: reportSheetForModel(sheet),
    ...(input.sources?.length ? { sources: input.sources.map((x) => ({ n: x.n, title: x.title, url: x.url, excerpt: x.snippet })) } : {}),
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

/** The repair round: the section the agent wrote, then exactly what contradicted the fact sheet. */
function repairTurns(input: ReportAgentInput): ChatMessage[] {
  return input.repair
    ? [
        { role: 'assistant', content: input.repair.answer },
        { role: 'user', content: input.repair.request },
      ]
    : [];
}

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
      followUp: repairTurns,
      outputHint: REPORT_OUTPUT_HINT,
      maxTokens: 1600,
      temperature: 0.4,
      offline: offlineReportAnswer,
    };
    cache.set(key, task);
  }
  return task;
}
