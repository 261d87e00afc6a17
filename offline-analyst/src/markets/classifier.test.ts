import { createRequire } from 'node:module';
import path from 'node:path';
import {
  classifyMarket,
  classifyWith,
  marketFeatures,
  parseMarketModel,
  trainMarketModel,
  TRAINING_OPTIONS,
  type LabelledIdea,
  type MarketModel,
} from './classifier';
import shipped from './data/marketModel.json';

interface IdeaSets {
  TRAINING_ROLES: string[];
  readIndex: () => { sets: Array<{ name: string; role: string }> };
  trainingHash: (options: unknown) => string;
}
const load = createRequire(__filename);
const script = load(path.join(__dirname, '..', '..', 'scripts', 'train-model.js')) as { trainingSets: () => Array<{ name: string; ideas: LabelledIdea[] }> };
const ideaSets = load(path.join(__dirname, '..', '..', 'scripts', 'idea-sets.js')) as IdeaSets;

const idea = (text: string, customer: string, ...expected: string[]): LabelledIdea => ({ idea: text, targetCustomer: customer, problemSolved: '', expected });

describe('the market classifier', () => {
  it('reads the words of the idea, the customer and the problem apart, accents folded and common words left out', () => {
    expect(marketFeatures({ idea: 'A café app for the Zürich bakeries', customer: 'Bakers', problem: 'Waste' })).toEqual([
      'i:cafe',
      'i:zurich',
      'i:bakery',
      'c:baker',
      'p:waste',
    ]);
  });

  it('learns markets from labelled ideas, and an idea two markets accept counts half for each', () => {
    const sets = [
      {
        name: 'tiny',
        ideas: [
          idea('Dog walking booked by the hour', 'Dog owners', 'pets'),
          idea('A collar that finds your dog', 'Dog owners', 'pets'),
          idea('Invoices chased by email', 'Freelancers', 'finance'),
          idea('Budget app that tracks invoices', 'Freelancers', 'finance'),
          idea('Invoices for dog groomers', 'Dog groomers', 'finance', 'pets'),
        ],
      },
    ];
    const model = trainMarketModel(sets);
    expect(model.labels).toEqual(['finance', 'pets']);
    expect(model.ideas).toBe(5);
    expect(classifyWith(model, { idea: 'A lead for your dog', customer: 'Dog owners' }).label).toBe('pets');
    expect(classifyWith(model, { idea: 'Chase every invoice', customer: 'Freelancers' }).label).toBe('finance');
    const both = classifyWith(model, { idea: 'Invoices for dog groomers', customer: 'Dog groomers' });
    expect(both.scores.finance + both.scores.pets).toBeCloseTo(1, 6);
    // The same sets train the same model.
    expect(trainMarketModel(sets)).toEqual(model);
  });

  it('refuses a model file that does not hold together, naming the file', () => {
    const good = parseMarketModel(shipped);
    expect(() => parseMarketModel({ ...good, bias: good.bias.slice(1) }, 'bad.json')).toThrow('bad.json: the bias needs one figure per label');
    expect(() => parseMarketModel({ ...good, weights: { dog: [[99, 1]] } }, 'bad.json')).toThrow('bad.json: a weight names a label the model does not have');
    expect(() => parseMarketModel({ ...good, labels: 'pets' }, 'bad.json')).toThrow(/^bad\.json: labels/);
  });

  it('carries the SHA-256 of the files it was trained on and the trainer’s options: a changed training file or option fails here until it is trained again', () => {
    const model = parseMarketModel(shipped);
    expect(model.dataSha256).toBe(ideaSets.trainingHash(TRAINING_OPTIONS));
    // The hash moves with the options (and, the same way, with every byte of the files).
    expect(ideaSets.trainingHash({ ...TRAINING_OPTIONS, passes: TRAINING_OPTIONS.passes + 1 })).not.toBe(model.dataSha256);
  });

  it('learns from the tuning and training sets only: never a held-out set, never a catalogue product’s inputs', () => {
    const model = parseMarketModel(shipped);
    const roles = new Map(ideaSets.readIndex().sets.map((s) => [s.name, s.role]));
    expect(model.trainedOn.length).toBeGreaterThan(10);
    expect(model.trainedOn.map((n) => roles.get(n)).filter((r) => !ideaSets.TRAINING_ROLES.includes(r ?? ''))).toEqual([]);
    expect(model.trainedOn).toEqual(
      ideaSets
        .readIndex()
        .sets.filter((s) => ideaSets.TRAINING_ROLES.includes(s.role))
        .map((s) => s.name),
    );
    expect(ideaSets.TRAINING_ROLES).toEqual(['tuning', 'training']);
  });

  it('ships exactly what those sets train', () => {
    const model = parseMarketModel(shipped);
    const fresh: MarketModel = trainMarketModel(script.trainingSets(), model.dataSha256);
    expect(fresh.trainedOn).toEqual(model.trainedOn);
    expect(fresh.labels).toEqual(model.labels);
    expect(fresh.ideas).toBe(model.ideas);
    expect(Object.keys(fresh.weights).length).toBeGreaterThan(3000);
    // Weights are rounded to 0.001 in the file: allow that much (and a weight near the cut-off may fall either side).
    const far = (a: ReadonlyArray<[number, number]>, b: ReadonlyArray<[number, number]>) => {
      const m = new Map(b);
      return a.some(([n, w]) => Math.abs(w - (m.get(n) ?? 0)) > 0.025) || b.some(([n, w]) => !a.some(([k]) => k === n) && Math.abs(w) > 0.025);
    };
    const differ = [...new Set([...Object.keys(fresh.weights), ...Object.keys(model.weights)])].filter((f) =>
      far(fresh.weights[f] ?? [], model.weights[f] ?? []),
    );
    expect(differ).toEqual([]);
    fresh.bias.forEach((b, n) => expect(b).toBeCloseTo(model.bias[n], 2));
  });

  it('reads plain ideas like a careful mentor', () => {
    expect(
      classifyMarket({ idea: 'A GPS collar for dogs that alerts you when your dog leaves a safe zone', customer: 'Dog owners near busy roads' }).label,
    ).toBe('pets');
    expect(classifyMarket({ idea: 'Rooftop solar for small shops paid as a monthly subscription', customer: 'Shop owners in Nairobi' }).label).toBe(
      'sustainability',
    );
  });
});
