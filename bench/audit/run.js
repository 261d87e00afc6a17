#!/usr/bin/env node
/**
 * bench/audit: `npm audit --omit=dev` over the production dependency tree. Prints the counts per
 * severity; passes when there is no high or critical finding. When the registry cannot answer
 * (some mirrors refuse the advisory endpoint with 405), the figure is "not checked" — reported
 * as n/a, never as a pass.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120000 });
let report;
try {
  report = JSON.parse(r.stdout || 'null');
} catch {
  report = null;
}
const counts = report && report.metadata && report.metadata.vulnerabilities;
let result;
if (counts) {
  const order = ['critical', 'high', 'moderate', 'low', 'info'];
  console.log('npm audit --omit=dev: ' + order.map((s) => `${s} ${counts[s] ?? 0}`).join(', '));
  for (const [name, v] of Object.entries(report.vulnerabilities || {})) console.log(`  ${v.severity.padEnd(8)} ${name} ${v.range || ''}`);
  const bad = (counts.critical ?? 0) + (counts.high ?? 0);
  result = { name: 'npm audit --omit=dev high+critical', value: String(bad), target: '0', pass: bad === 0 };
} else {
  const why =
    ((report && report.error && (report.error.summary || report.error.code)) || r.stderr || r.error?.message || 'no answer')
      .toString()
      .split('\n')
      .find((l) => l.trim()) || 'no answer';
  console.log(`npm audit --omit=dev could not run: ${why.trim()}`);
  result = { name: 'npm audit --omit=dev high+critical', value: 'not checked (registry refused the audit endpoint)', target: '0', pass: null };
}
console.log('BENCH ' + JSON.stringify({ bench: 'audit', results: [result] }));
