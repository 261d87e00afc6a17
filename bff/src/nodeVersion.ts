/**
 * The Node.js versions Val runs on: 22.14+ and 24 (the better-sqlite3 13 addon needs Node-API 10,
 * and on Node 20 it crashes the process instead of failing politely).
 */
export const MIN_NODE = { major: 22, minor: 14 } as const;

/** The message for an unsupported Node.js version, or null when `version` (e.g. "20.20.2") is fine. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
  if (major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor)) return null;
  return (
    `Val needs Node.js ${MIN_NODE.major}.${MIN_NODE.minor} or newer; this is ${version.replace(/^v/, '')}. ` +
    'Install Node.js 24 LTS (on Linux x86_64: `. scripts/node24.sh` in the repository).'
  );
}

/** Exits 1 with that message before anything loads a native addon. */
export function exitOnUnsupportedNode(): void {
  const problem = nodeVersionProblem();
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
