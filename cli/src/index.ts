/** The `val` command line (commands land with the CLI issue). */
export function main(argv: string[]): void {
  const args = argv.slice(2);
  if (args.includes('--version') || args.includes('-V')) {
    console.log('0.1.0');
    return;
  }
  console.error('val: commands are not available yet. Try `val --version`.');
  process.exitCode = 2;
}
