#!/usr/bin/env node
/**
 * Trains the offline analyst's market classifier (src/markets/classifier.ts) and writes
 * src/markets/data/marketModel.json, from the repository's root:
 *   node scripts/ensure-built.js && npm run train-model -w offline-analyst
 * It learns from the tuning and training sets of offline-analyst/data/ideas/ (index.json names
 * each set's role), in index order, and nothing else: never a held-out set (it would no longer
 * measure anything), never a catalogue product's inputs (a new product does not retrain it). The
 * model carries the SHA-256 of those files and the trainer's options (`dataSha256`);
 * offline-analyst/src/markets/classifier.test.ts checks it against the files, and that the shipped
 * file is what these sets train.
 */
const fs = require('node:fs');
const path = require('node:path');
const sets = require('./idea-sets');

const MODEL = path.join(__dirname, '..', 'src', 'markets', 'data', 'marketModel.json');

/** The labelled sets the model learns from, in index order: every tuning and training set. */
const trainingSets = () => sets.loadSets(sets.TRAINING_ROLES).map(({ name, ideas }) => ({ name, ideas }));

module.exports = { MODEL, trainingSets };

if (require.main === module) {
  let analyst;
  try {
    analyst = require('..');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    console.error('Build first: node scripts/ensure-built.js');
    process.exit(1);
  }
  const model = analyst.trainMarketModel(trainingSets(), sets.trainingHash(analyst.TRAINING_OPTIONS));
  fs.writeFileSync(MODEL, `${JSON.stringify(model)}\n`);
  const root = path.resolve(__dirname, '..', '..');
  console.log(
    `${path.relative(root, MODEL)}: ${model.ideas} ideas, ${model.labels.length} labels, ${Object.keys(model.weights).length} features, data ${model.dataSha256}`,
  );
}
