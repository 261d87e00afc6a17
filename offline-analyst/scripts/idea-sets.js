/**
 * The labelled ideas of the offline analyst's market read (offline-analyst/data/ideas/): one JSON
 * Lines file per set, one idea a line ({idea, targetCustomer, problemSolved, expected}), and
 * index.json naming each set's role:
 *   - tuning: read (its wrong labels too) to tune the words and rules of src/markets/read.ts;
 *   - training: written to train the classifier (src/markets/classifier.ts);
 *   - heldout: never tuned on or trained on; pinned by its SHA-256 in the index.
 * The classifier learns from the tuning and training sets (`TRAINING_ROLES`), never from a held-out
 * one. Used by the training script, the unit tests and bench/offline-analyst (plain Node, no build).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const IDEAS_DIR = path.join(__dirname, '..', 'data', 'ideas');
const ROLES = ['tuning', 'training', 'heldout'];
/** The roles whose sets the classifier learns from. */
const TRAINING_ROLES = ['tuning', 'training'];

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** index.json: { about, history, sets: [{ name, role, formerly?, ideas, about, sha256? }] }, in training order. */
function readIndex() {
  return JSON.parse(fs.readFileSync(path.join(IDEAS_DIR, 'index.json'), 'utf8'));
}

/** A set's file, as bytes. */
const setFile = (name) => path.join(IDEAS_DIR, `${name}.jsonl`);

/** The ideas of one set file, checked line by line (a bad line names the file and the line). */
function readSet(name) {
  const text = fs.readFileSync(setFile(name), 'utf8');
  if (!text.endsWith('\n')) throw new Error(`${name}.jsonl: the last line must end with a newline`);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line, n) => {
      const where = `${name}.jsonl:${n + 1}`;
      let i;
      try {
        i = JSON.parse(line);
      } catch {
        throw new Error(`${where}: not JSON`);
      }
      const ok =
        i &&
        typeof i.idea === 'string' &&
        i.idea.trim() &&
        typeof i.targetCustomer === 'string' &&
        typeof i.problemSolved === 'string' &&
        Array.isArray(i.expected) &&
        i.expected.length > 0 &&
        i.expected.every((e) => typeof e === 'string');
      if (!ok) throw new Error(`${where}: needs idea, targetCustomer, problemSolved (strings) and expected (markets)`);
      return { idea: i.idea, targetCustomer: i.targetCustomer, problemSolved: i.problemSolved, expected: i.expected };
    });
}

/** The sets of the index (of one role, or of several), in index order: { name, role, about, ideas }. */
function loadSets(roles = ROLES) {
  const wanted = [].concat(roles);
  return readIndex()
    .sets.filter((s) => wanted.includes(s.role))
    .map((s) => ({ name: s.name, role: s.role, about: s.about, ideas: readSet(s.name) }));
}

/** One set's ideas by name. */
function loadSet(name) {
  const s = readIndex().sets.find((x) => x.name === name);
  if (!s) throw new Error(`offline-analyst/data/ideas/index.json names no set "${name}"`);
  return readSet(name);
}

/**
 * The SHA-256 of what the classifier is trained on: the training sets' files, concatenated in
 * index order, then the trainer's options as JSON. The model file carries it (`dataSha256`).
 */
function trainingHash(options) {
  const names = readIndex()
    .sets.filter((s) => TRAINING_ROLES.includes(s.role))
    .map((s) => s.name);
  return sha256(Buffer.concat([...names.map((n) => fs.readFileSync(setFile(n))), Buffer.from(JSON.stringify(options))]));
}

module.exports = { IDEAS_DIR, ROLES, TRAINING_ROLES, sha256, readIndex, readSet, loadSet, loadSets, setFile, trainingHash };
