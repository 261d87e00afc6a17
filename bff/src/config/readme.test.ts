import fs from 'node:fs';
import path from 'node:path';
import { findRepoRoot, loadConfig } from './env';

/**
 * The README's "Connecting a model" section is what a newcomer reads to leave the offline
 * analyst: it must name every AI setting of env.ts with its real default, show OpenAI and a
 * local OpenAI-compatible server, and say that the first `npm start` builds for a while.
 */
const readme = fs.readFileSync(path.join(findRepoRoot(), 'README.md'), 'utf8');
const sectionOf = (heading: string) => {
  const start = readme.indexOf(`## ${heading}\n`);
  if (start < 0) return '';
  const next = readme.indexOf('\n## ', start + 5);
  return readme.slice(start, next < 0 ? undefined : next);
};
const section = sectionOf('Connecting a model');
/** The table row of `name` in a section ('' when there is none). */
const rowOf = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .find((r) => r.includes(`\`${name}\``)) ?? '';

describe('README: Connecting a model', () => {
  it('exists', () => {
    expect(section).not.toBe('');
  });

  it('names every AI setting with the default env.ts really uses', () => {
    const defaults = loadConfig({});
    const row = (name: string) => rowOf(section, name);
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

/**
 * "Connecting a search provider" is how an operator gets cited sources into the reports: every
 * search setting with its real default, the three providers with a working command each, and
 * SearxNG's JSON format, which its default settings leave off.
 */
describe('README: Connecting a search provider', () => {
  const search = sectionOf('Connecting a search provider');
  const SEARCH_SETTINGS = ['SEARCH_PROVIDER', 'SEARCH_URL', 'SEARCH_API_KEY', 'SEARCH_TIMEOUT_MS', 'SEARCH_MAX_RESULTS'] as const;

  it('exists, next to Connecting a model', () => {
    expect(search).not.toBe('');
    expect(readme.indexOf('## Connecting a search provider')).toBeGreaterThan(readme.indexOf('## Connecting a model'));
    expect(readme.indexOf('## Connecting a search provider')).toBeLessThan(readme.indexOf('## Configuration'));
  });

  it('names every search setting with the default env.ts really uses, and the Configuration table points to it', () => {
    const defaults = loadConfig({});
    for (const name of SEARCH_SETTINGS) {
      expect(rowOf(search, name)).not.toBe('');
      const value = defaults[name];
      if (value !== undefined) expect(rowOf(search, name)).toContain(`\`${String(value)}\``);
      expect(rowOf(sectionOf('Configuration'), name)).toMatch(/Connecting a search provider/);
    }
  });

  it('shows SearxNG with json enabled in settings.yml, Tavily and Brave', () => {
    expect(search).toMatch(/search:\n\s+formats: \[html, json\]/);
    expect(search).toMatch(/SEARCH_PROVIDER=searxng SEARCH_URL=http:\/\/localhost:8888 npm start/);
    expect(search).toMatch(/SEARCH_PROVIDER=tavily SEARCH_API_KEY=tvly-\.\.\. npm start/);
    expect(search).toMatch(/SEARCH_PROVIDER=brave SEARCH_API_KEY=\S+ npm start/);
  });

  it('says what reports do with and without a provider', () => {
    expect(search).toMatch(/cite them as \[n\]/);
    expect(search).toMatch(/Sources list/);
    expect(search).toMatch(/no live sources were\s+consulted/);
    expect(search).toMatch(/stored with the\s+job/);
  });
});
