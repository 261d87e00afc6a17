import { SIMULATION_MONTHS, type CustomerInsight, type SimulationAssumptions, type ValidationData } from '@val/contracts';
import { ideaBuyerKind, isConsumerMarket } from '@val/offline-analyst';

/**
 * The launch simulation's numbers: a small, explained model in code (the AI only narrates).
 *
 * 1. **Interview score** (0..1) = half how many of the 3 interviews were completed, half their
 *    tone: replies are scanned for buying signals ("would pay", "need", "sign me up"...) and
 *    hesitation ("too expensive", "not sure", "already use"...), smoothed as
 *    (positive + 1) / (positive + negative + 2) so one word never decides.
 * 2. **Validation score** (0..1) = a score found in Val's feedback ("7/10", "72/100", "Score: 7"),
 *    else how specific the idea, customer and problem are (longer, concrete text scores higher).
 * 3. **Fit** = 0.6 · interview score + 0.4 · validation score.
 * 4. **Month 1** starts with 15 + 85 · fit users (×1.5 for consumer ideas, which reach more
 *    people at a lower price).
 * 5. **Each later month** adds new users at a rate of 12 % + 38 % · fit, slowing by 12 % per month
 *    as the early adopters run out, and loses a churn of 12 % − 6 % · interview score of its users.
 * 6. **Guard rails**: a month never loses more than 20 % nor more than doubles, and never falls
 *    below 1 user. Everything is rounded to whole users.
 *
 * Pure and deterministic: the same inputs always give the same numbers.
 */
export interface SimulationModelInput {
  validation: Pick<ValidationData, 'idea' | 'targetCustomer' | 'problemSolved' | 'feedback'>;
  insights: ReadonlyArray<Pick<CustomerInsight, 'responses' | 'completed'>>;
}

/** One month's numbers. */
export interface ModelMonth {
  month: number;
  users: number;
  newUsers: number;
  churnedUsers: number;
}

export interface SimulationModelResult {
  months: ModelMonth[];
  /** The month after the last (month 7), by the same rules: what "next month" means in month 6. */
  projection: ModelMonth;
  assumptions: SimulationAssumptions;
}

const POSITIVE = [
  /\bwould (definitely |happily |probably )?(pay|buy|use|try|switch)\b/,
  /\b(i'd|i would) (pay|buy|use|try|switch|sign up)\b/,
  /\bsign me up\b/,
  /\b(love|excited|perfect|game.?changer|exactly what)\b/,
  /\b(need|needed) (this|something like this|a better)\b/,
  /\bwilling to pay\b/,
  /\b(budget|pay) (for|of) (this|it)\b/,
  /\b(yes|definitely|absolutely)\b/,
  /\b(save|saves|saving) (me )?(time|money|hours)\b/,
  /\bpilot\b/,
];
const NEGATIVE = [
  /\btoo (expensive|pricey|complicated|much)\b/,
  /\bnot (sure|convinced|interested|worth)\b/,
  /\b(wouldn't|would not|won't|will not) (pay|buy|use|switch)\b/,
  /\b(no|tight|limited|small) budget\b/,
  /\balready (use|have|pay)\b/,
  /\b(skeptical|sceptical|doubt|hesitant|unlikely)\b/,
  /\bnot a (priority|problem)\b/,
  /\b(risk|risky|worried|concern)\b/,
];

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Counts buying signals and hesitation in the persona replies (each reply counts each pattern once). */
export function countSignals(responses: ReadonlyArray<string>): { positive: number; negative: number } {
  let positive = 0;
  let negative = 0;
  for (const raw of responses) {
    const r = raw.toLowerCase().replace(/[’‘]/g, "'");
    for (const p of POSITIVE) if (p.test(r)) positive++;
    for (const n of NEGATIVE) if (n.test(r)) negative++;
  }
  return { positive, negative };
}

/** 0..1 from a score in Val's feedback ("7/10", "72/100", "Score: 7.5"), or null when there is none. */
export function feedbackScore(feedback: string): number | null {
  const frac = feedback.match(/(\d{1,3}(?:\.\d+)?)\s*(?:\/|out of)\s*(10|100)\b/i);
  if (frac) {
    const v = Number(frac[1]) / Number(frac[2]);
    if (v >= 0 && v <= 1) return v;
  }
  const named = feedback.match(/\bscore\b[^0-9\n]{0,20}(\d{1,3}(?:\.\d+)?)/i);
  if (named) {
    const n = Number(named[1]);
    if (n >= 0 && n <= 10) return n / 10;
    if (n > 10 && n <= 100) return n / 100;
  }
  return null;
}

/** 0..1: the feedback's score when present, else how specific the three inputs are. */
export function validationScore(v: SimulationModelInput['validation']): number {
  const scored = feedbackScore(v.feedback ?? '');
  if (scored !== null) return round2(scored);
  const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;
  const specificity = Math.min(1, words(v.idea) / 25) * 0.4 + Math.min(1, words(v.targetCustomer) / 10) * 0.3 + Math.min(1, words(v.problemSolved) / 15) * 0.3;
  return round2(0.35 + 0.35 * specificity);
}

/** Whether the target customer reads as consumers rather than businesses (read by the offline analyst's market module). */
export { isConsumerMarket };

/** Computes the six months' users from the interviews and the validation (see the module doc). */
export function runSimulationModel(input: SimulationModelInput): SimulationModelResult {
  const completedInterviews = Math.min(3, input.insights.filter((i) => i.completed).length);
  const { positive, negative } = countSignals(input.insights.flatMap((i) => i.responses));
  const tone = (positive + 1) / (positive + negative + 2);
  const interviewScore = round2(0.5 * (completedInterviews / 3) + 0.5 * tone);
  const vScore = validationScore(input.validation);
  const fit = 0.6 * interviewScore + 0.4 * vScore;

  const marketFactor = ideaBuyerKind(input.validation) === 'consumer' ? 1.5 : 1;
  const startingUsers = Math.max(1, Math.round((15 + 85 * fit) * marketFactor));
  const monthlyGrowth = round2(0.12 + 0.38 * fit);
  const churnRate = round2(0.12 - 0.06 * interviewScore);

  const months: ModelMonth[] = [{ month: 1, users: startingUsers, newUsers: startingUsers, churnedUsers: 0 }];
  for (let m = 2; m <= SIMULATION_MONTHS + 1; m++) {
    const prev = months[months.length - 1].users;
    const rate = monthlyGrowth * Math.pow(0.88, m - 2);
    const newUsers = Math.round(prev * rate);
    const churnedUsers = Math.round(prev * churnRate);
    const raw = prev + newUsers - churnedUsers;
    const users = Math.max(1, Math.round(clamp(raw, prev * 0.8, prev * 2)));
    // When a guard rail applies, the new users are what is left after churn.
    months.push({ month: m, users, newUsers: Math.max(0, users - prev + churnedUsers), churnedUsers });
  }
  const projection = months.pop() as ModelMonth;
  return {
    months,
    projection,
    assumptions: {
      startingUsers,
      monthlyGrowth,
      churnRate,
      completedInterviews,
      positiveSignals: positive,
      negativeSignals: negative,
      interviewScore,
      validationScore: vScore,
    },
  };
}
