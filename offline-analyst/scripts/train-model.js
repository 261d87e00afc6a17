#!/usr/bin/env node
/**
 * Trains the offline analyst's market classifier (src/markets/classifier.ts) and writes
 * src/markets/data/marketModel.json, from the repository's root:
 *   node scripts/ensure-built.js && npm run train-model -w offline-analyst
 * It learns from the tuning sets of bff/test/fixtures/marketIdeas.json and the ideas of
 * bench/report-quality, named one by one below. A held-out set is never named here: it would
 * no longer measure anything. offline-analyst/src/markets/classifier.test.ts checks that the
 * shipped file is what these sets train.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
/** The sets of marketIdeas.json the model learns from: every set used to tune the reading. */
const TUNING_SETS = [
  'ideas',
  'holdout',
  'holdout2',
  'holdout3',
  'holdout4',
  'holdout5',
  'holdout6',
  'holdout7',
  'holdout8',
  'holdout9',
  'holdout10',
  'holdout11',
  'holdout12',
  'holdout13',
  'train1',
  'train2',
  'train3',
  'train4',
];
/** Held out: written blind, measured by bench/offline-analyst, never learnt from. */
const HELD_OUT = ['holdout14', 'holdout15', 'holdout16', 'holdout17'];
const MODEL = path.join(__dirname, '..', 'src', 'markets', 'data', 'marketModel.json');

/**
 * The labelled sets the model learns from, in a fixed order. The ideas of bench/report-quality
 * count twice: as validated (idea, customer, problem) and as each product's inputs read the way
 * the report reads them (`analyst`: the offline analyst's `reportParts` and `classifierInput`).
 */
function trainingSets(analyst) {
  const sets = JSON.parse(fs.readFileSync(path.join(root, 'bff', 'test', 'fixtures', 'marketIdeas.json'), 'utf8'));
  const bench = JSON.parse(fs.readFileSync(path.join(root, 'bench', 'report-quality', 'ideas.json'), 'utf8')).ideas;
  for (const name of TUNING_SETS) if (!Array.isArray(sets[name])) throw new Error(`marketIdeas.json has no set "${name}"`);
  return [
    ...TUNING_SETS.map((name) => ({ name, ideas: sets[name] })),
    { name: 'report-quality', ideas: bench.map((b) => ({ ...b.validation, expected: b.expected })) },
    {
      name: 'report-quality products',
      ideas: bench.flatMap((b) =>
        Object.entries(b.inputs).map(([product, inputs]) => {
          const i = analyst.classifierInput(analyst.reportParts(product, inputs));
          return { idea: i.idea, targetCustomer: i.customer ?? '', problemSolved: i.problem ?? '', expected: b.expected };
        }),
      ),
    },
  ];
}

module.exports = { TUNING_SETS, HELD_OUT, MODEL, trainingSets };

if (require.main === module) {
  let analyst;
  try {
    analyst = require('..');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    console.error('Build first: node scripts/ensure-built.js');
    process.exit(1);
  }
  const model = analyst.trainMarketModel(trainingSets(analyst));
  fs.writeFileSync(MODEL, `${JSON.stringify(model)}\n`);
  console.log(`${path.relative(root, MODEL)}: ${model.ideas} ideas, ${model.labels.length} labels, ${Object.keys(model.weights).length} features`);
}
