/**
 * A second reader of the market, learnt from labelled ideas: a logistic-regression classifier over
 * the words of the idea, the customer and the problem. The word table (`read.ts`) sees only the words
 * it lists; this model has seen every word of 1,459 ideas labelled by hand, and it reads
 * differently (every word counts a little, none decides). Neither is right often enough alone to
 * name a market a founder will trust, so `confirmMarket` (`read.ts`) combines them: the words'
 * market stands unless the classifier is sure of another (or of none), and the classifier names a
 * market by itself only at a very high share.
 *
 * The model is data (`data/marketModel.json`), trained by `trainMarketModel` from the tuning and
 * training sets of `offline-analyst/data/ideas/` (never from a held-out set, never from a
 * catalogue product's inputs: a new product does not retrain it): `npm run train-model -w
 * offline-analyst` writes it with the SHA-256 of the data it learnt from (`dataSha256`), and unit
 * tests check that hash against the files and that the shipped file is what those sets train.
 */
import { z } from 'zod';
import shippedModel from './data/marketModel.json';

/** One labelled idea: what the founder typed and the markets a careful mentor accepts ('general' included). */
export interface LabelledIdea {
  idea: string;
  targetCustomer: string;
  problemSolved: string;
  expected: string[];
}

/** What the model reads of an idea. */
export interface ClassifierInput {
  idea: string;
  customer?: string;
  problem?: string;
}

/** Words too common to say anything about a market. */
const STOP = new Set(
  (
    'a an the and or of for to in on at with by from that which who is are be it its their they them your you we our my i this these those as so than ' +
    'then when while into per via about can could will would not no do does did have has had more most less very just only also all any each every few ' +
    'many much some such up out over under after before between without within what how why where there here get gets make makes help helps app apps ' +
    'tool tools platform service based new one two three'
  ).split(' '),
);

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** Letters-only words of 3+ letters, stop words out, a crude stem ("clinics" → "clinic", "bakeries" → "bakery", "booking" → "book"). */
function words(s: string | undefined): string[] {
  const out = new Set<string>();
  for (const t of fold(s ?? '').match(/[a-z]+/g) ?? []) {
    if (t.length < 3 || STOP.has(t)) continue;
    out.add(t.replace(/ies$/, 'y').replace(/(?:ing|ed|es|s)$/, ''));
  }
  return [...out];
}

/**
 * The features of an idea: the words of the idea, of the customer and of the problem, each kept
 * apart ("restaurant" in the customer is a different feature from "restaurant" in the idea: who
 * buys is not what is sold). Keeping them apart measured better than sharing plain words across
 * the three (leave one set out: 86.3 % right alone against 85.5 %, and fewer wrong labels left
 * when both readers must agree).
 */
export function marketFeatures(i: ClassifierInput): string[] {
  return [...words(i.idea).map((w) => `i:${w}`), ...words(i.customer).map((w) => `c:${w}`), ...words(i.problem).map((w) => `p:${w}`)];
}

/**
 * How the model is trained: passes over the ideas, the first step size (it shrinks each pass),
 * the L2 penalty on each weight, and whether the weights are averaged over the second half of the
 * passes (steadier probabilities than the last pass's).
 */
export const TRAINING_OPTIONS = { passes: 30, rate: 0.5, l2: 1e-4, average: true } as const;
/** Weights smaller than this are left out of the file: they change no reading. */
const MIN_WEIGHT = 0.02;

const modelSchema = z.object({
  about: z.string(),
  trainedOn: z.array(z.string()),
  /** The SHA-256 of the training files (concatenated in `trainedOn` order) and TRAINING_OPTIONS as JSON: offline-analyst/scripts/idea-sets.js `trainingHash`. */
  dataSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  ideas: z.number().int().positive(),
  labels: z.array(z.string()).min(2),
  /** Per label: its bias. */
  bias: z.array(z.number()),
  /** Per feature: [label index, weight] pairs (the others are 0). */
  weights: z.record(z.string(), z.array(z.tuple([z.number().int().nonnegative(), z.number()]))),
});
export type MarketModel = z.infer<typeof modelSchema>;

const round = (x: number) => Math.round(x * 1000) / 1000;

/** A seeded shuffle (mulberry32), so that training is the same on every run. */
function shuffled<T>(list: ReadonlyArray<T>, seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let n = out.length - 1; n > 0; n--) {
    const k = Math.floor(next() * (n + 1));
    [out[n], out[k]] = [out[k], out[n]];
  }
  return out;
}

/** Softmax of scores, in place. */
function softmax(z: number[]): number[] {
  const top = Math.max(...z);
  let sum = 0;
  for (let n = 0; n < z.length; n++) sum += z[n] = Math.exp(z[n] - top);
  for (let n = 0; n < z.length; n++) z[n] /= sum;
  return z;
}

/**
 * The model that a list of labelled ideas trains: multinomial logistic regression by stochastic
 * gradient descent (a seeded order each pass), weights averaged over the second half of the passes.
 * An idea accepting several markets is a target split evenly between them; an idea with a problem
 * is learnt twice, with and without it. Deterministic, so the same sets always give the same file.
 * `dataSha256`, when given, is written into the model: the hash of the data it learnt from.
 */
export function trainMarketModel(sets: ReadonlyArray<{ name: string; ideas: ReadonlyArray<LabelledIdea> }>, dataSha256?: string): MarketModel {
  const training = TRAINING_OPTIONS;
  const labels = [...new Set(sets.flatMap((s) => s.ideas.flatMap((i) => i.expected)))].sort();
  // Each idea also counts without its problem: the reports ask about a subject and an audience only.
  const examples = sets.flatMap((s) =>
    s.ideas.flatMap((i) => {
      const target = labels.map((l) => (i.expected.includes(l) ? 1 / i.expected.length : 0));
      const whole = { features: marketFeatures({ idea: i.idea, customer: i.targetCustomer, problem: i.problemSolved }), target };
      return i.problemSolved.trim() ? [whole, { features: marketFeatures({ idea: i.idea, customer: i.targetCustomer }), target }] : [whole];
    }),
  );
  const bias = labels.map(() => 0);
  const weights = new Map<string, number[]>();
  const row = (f: string) => {
    let r = weights.get(f);
    if (!r) weights.set(f, (r = labels.map(() => 0)));
    return r;
  };
  const sumBias = labels.map(() => 0);
  const sums = new Map<string, number[]>();
  let averaged = 0;
  for (let pass = 0; pass < training.passes; pass++) {
    const rate = training.rate / (1 + pass * 0.2);
    for (const e of shuffled(examples, pass + 1)) {
      const rows = e.features.map(row);
      const z = [...bias];
      for (const r of rows) for (let n = 0; n < z.length; n++) z[n] += r[n];
      const p = softmax(z);
      for (let n = 0; n < labels.length; n++) {
        const g = p[n] - e.target[n];
        bias[n] -= rate * g;
        for (const r of rows) r[n] -= rate * (g + training.l2 * r[n]);
      }
    }
    if (training.average && pass >= training.passes / 2) {
      averaged++;
      bias.forEach((b, n) => (sumBias[n] += b));
      for (const [f, r] of weights) {
        let s = sums.get(f);
        if (!s) sums.set(f, (s = labels.map(() => 0)));
        r.forEach((w, n) => (s[n] += w));
      }
    }
  }
  if (averaged) {
    bias.forEach((_, n) => (bias[n] = sumBias[n] / averaged));
    for (const [f, s] of sums)
      weights.set(
        f,
        s.map((w) => w / averaged),
      );
  }
  const sorted = [...weights.keys()].sort();
  return {
    about:
      'The market classifier of the offline analyst (offline-analyst/src/markets/classifier.ts): logistic-regression weights of the words of labelled ideas. Written by npm run train-model -w offline-analyst (offline-analyst/scripts/train-model.js); do not edit.',
    trainedOn: sets.map((s) => s.name),
    ...(dataSha256 ? { dataSha256 } : {}),
    ideas: sets.reduce((n, s) => n + s.ideas.length, 0),
    labels,
    bias: bias.map(round),
    weights: Object.fromEntries(
      sorted
        .map((f) => [f, weights.get(f)!.flatMap((w, n) => (Math.abs(w) >= MIN_WEIGHT ? [[n, round(w)] as [number, number]] : []))] as const)
        .filter(([, pairs]) => pairs.length > 0),
    ),
  };
}

/** The classifier's answer: the most likely label ('general' is one), its probability, and every label's. */
export interface Classification {
  label: string;
  p: number;
  scores: Record<string, number>;
}

/** A model ready to score: per feature, a dense row of weights. */
interface Scorer {
  labels: string[];
  bias: number[];
  rows: Map<string, number[]>;
}

function scorerOf(model: MarketModel): Scorer {
  const rows = new Map<string, number[]>();
  for (const [f, pairs] of Object.entries(model.weights)) {
    const r = model.labels.map(() => 0);
    for (const [n, w] of pairs) r[n] = w;
    rows.set(f, r);
  }
  return { labels: model.labels, bias: model.bias, rows };
}

/** A model's scorer, built once per model object. */
const scorers = new WeakMap<MarketModel, Scorer>();
function scorerFor(model: MarketModel): Scorer {
  let s = scorers.get(model);
  if (!s) scorers.set(model, (s = scorerOf(model)));
  return s;
}

/** Score an idea with a model: the label with the highest probability, and that probability. */
export function classifyWith(model: MarketModel | Scorer, i: ClassifierInput): Classification {
  const s = 'rows' in model ? model : scorerFor(model);
  const z = [...s.bias];
  for (const f of marketFeatures(i)) {
    const r = s.rows.get(f);
    if (r) for (let n = 0; n < z.length; n++) z[n] += r[n];
  }
  const p = softmax(z);
  let best = 0;
  for (let n = 1; n < p.length; n++) if (p[n] > p[best]) best = n;
  return { label: s.labels[best], p: p[best], scores: Object.fromEntries(s.labels.map((l, n) => [l, p[n]])) };
}

/** The shipped model, checked when first used: a bad file stops with a message naming it. */
let shipped: Scorer | undefined;

/** A model file checked: its shape, one bias per label, and every weight naming a label it has. */
export function parseMarketModel(data: unknown, file = 'data/marketModel.json'): MarketModel {
  const parsed = modelSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((e) => `${e.path.join('.')}: ${e.message}`).join('; ')}`);
  const m = parsed.data;
  if (m.bias.length !== m.labels.length) throw new Error(`${file}: the bias needs one figure per label`);
  if (Object.values(m.weights).some((pairs) => pairs.some(([n]) => n >= m.labels.length)))
    throw new Error(`${file}: a weight names a label the model does not have`);
  return m;
}

/** The shipped model's reading of an idea. */
export function classifyMarket(i: ClassifierInput): Classification {
  shipped ??= scorerOf(parseMarketModel(shippedModel));
  return classifyWith(shipped, i);
}
