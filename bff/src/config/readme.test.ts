import fs from 'node:fs';
import path from 'node:path';
import { findRepoRoot, loadConfig } from './env';

/**
 * The README's "Connecting a model" section is what a newcomer reads to leave the offline
 * analyst: it must name every AI setting of env.ts with its real default, show OpenAI and a
 * local OpenAI-compatible server, and say that the first `npm start` builds for a while.
 */
const readme = fs.readFileSync(path.join(findRepoRoot(), 'README.md'), 'utf8');
const section = (() => {
  const start = readme.indexOf('## Connecting a model');
  if (start < 0) return '';
  const next = readme.indexOf('\n## ', start + 5);
  return readme.slice(start, next < 0 ? undefined : next);
})();

describe('README: Connecting a model', () => {
  it('exists', () => {
    expect(section).not.toBe('');
  });

  it('names every AI setting with the default env.ts really uses', () => {
    const defaults = loadConfig({});
    const rows = section.split('\n').filter((l) => l.startsWith('|'));
    const row = (name: string) => rows.find((r) => r.includes(`\`${name}\``)) ?? '';
    for (const name of ['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'AI_TIMEOUT_MS', 'AI_MAX_RETRIES', 'AI_MAX_TOKENS'] as const) {
      expect(row(name)).not.toBe('');
      const value = defaults[name];
      if (value !== undefined) expect(row(name)).toContain(`\`${String(value)}\``);
    }
  });

  it('shows OpenAI and local OpenAI-compatible servers (Ollama, llama.cpp, vLLM)', () => {
    expect(section).toMatch(/OPENAI_API_KEY=sk-/);
    expect(section).toMatch(/OPENAI_BASE_URL=http:\/\/localhost:11434\/v1/);
    expect(section).toMatch(/llama\.cpp[\s\S]*OPENAI_BASE_URL=http:\/\/localhost:8080\/v1/);
    expect(section).toMatch(/vLLM[\s\S]*OPENAI_BASE_URL=http:\/\/localhost:8000\/v1/);
    expect(section).toMatch(/AI_PROVIDER=openai/);
  });

  it('tells that the first npm start builds for about two minutes', () => {
    expect(readme).toMatch(/first `npm start` builds[^.]*about two minutes/);
  });
});
