import { createRequire } from 'node:module';
import path from 'node:path';
import * as analyst from '../index';
import { classifyMarket, classifyWith, marketFeatures, parseMarketModel, trainMarketModel, type LabelledIdea, type MarketModel } from './classifier';
import shipped from './data/marketModel.json';

interface TrainingScript {
  TUNING_SETS: string[];
  HELD_OUT: string[];
  trainingSets: (a: typeof analyst) => Array<{ name: string; ideas: LabelledIdea[] }>;
}
const script = createRequire(__filename)(path.join(__dirname, '..', '..', 'scripts', 'train-model.js')) as TrainingScript;

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

  it('ships exactly what the tuning sets train, and never learns from a held-out set', () => {
    const sets = script.trainingSets(analyst);
    const model = parseMarketModel(shipped);
    expect(model.trainedOn).toEqual([...script.TUNING_SETS, 'report-quality', 'report-quality products']);
    for (const held of script.HELD_OUT) expect(model.trainedOn).not.toContain(held);
    expect(script.TUNING_SETS.filter((s) => script.HELD_OUT.includes(s))).toEqual([]);
    const fresh: MarketModel = trainMarketModel(sets);
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
