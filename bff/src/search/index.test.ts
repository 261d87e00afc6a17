import { ConfigError, loadConfig } from '../config/env';
import { createLogger } from '../logger';
import { createSearchProvider } from './index';

function logCapture() {
  const lines: string[] = [];
  return { logger: createLogger({ LOG_LEVEL: 'debug' }, { write: (l: string) => lines.push(l) }), lines };
}

function configProblems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

describe('search settings (env.ts)', () => {
  it('default to no provider, an 8 s time limit and 5 results', () => {
    const c = loadConfig({});
    expect(c.SEARCH_PROVIDER).toBe('none');
    expect(c.SEARCH_URL).toBeUndefined();
    expect(c.SEARCH_API_KEY).toBeUndefined();
    expect(c.SEARCH_TIMEOUT_MS).toBe(8000);
    expect(c.SEARCH_MAX_RESULTS).toBe(5);
    expect(loadConfig({ SEARCH_PROVIDER: '' }).SEARCH_PROVIDER).toBe('none');
    expect(loadConfig({ SEARCH_PROVIDER: ' Brave ', SEARCH_API_KEY: 'k' }).SEARCH_PROVIDER).toBe('brave');
  });

  it('refuse to start a provider without what it needs, naming the variable to set', () => {
    expect(configProblems({ SEARCH_PROVIDER: 'tavily' })).toEqual(['SEARCH_API_KEY: SEARCH_PROVIDER=tavily needs SEARCH_API_KEY, your Tavily API key']);
    expect(configProblems({ SEARCH_PROVIDER: 'brave', SEARCH_API_KEY: '  ' })).toEqual([
      'SEARCH_API_KEY: SEARCH_PROVIDER=brave needs SEARCH_API_KEY, your Brave Search API key',
    ]);
    expect(configProblems({ SEARCH_PROVIDER: 'searxng' })).toEqual([
      'SEARCH_URL: SEARCH_PROVIDER=searxng needs SEARCH_URL, the address of your SearxNG instance (e.g. http://localhost:8888)',
    ]);
    expect(configProblems({ SEARCH_PROVIDER: 'searxng', SEARCH_URL: 'http://localhost:8888' })).toEqual([]);
    expect(configProblems({ SEARCH_PROVIDER: 'tavily', SEARCH_API_KEY: 'tvly-x' })).toEqual([]);
  });

  it('refuse unknown providers, non-http URLs and out-of-range numbers', () => {
    const problems = configProblems({ SEARCH_PROVIDER: 'google', SEARCH_URL: 'ftp://x', SEARCH_TIMEOUT_MS: '50', SEARCH_MAX_RESULTS: '11' }).join('\n');
    expect(problems).toMatch(/SEARCH_PROVIDER: .*"none"/);
    expect(problems).toMatch(/SEARCH_URL: must be an absolute http\(s\) URL/);
    expect(problems).toMatch(/SEARCH_TIMEOUT_MS/);
    expect(problems).toMatch(/SEARCH_MAX_RESULTS/);
    expect(configProblems({ SEARCH_MAX_RESULTS: '0' }).join()).toMatch(/SEARCH_MAX_RESULTS/);
  });

  it('never put the key in a configuration error', () => {
    expect(configProblems({ SEARCH_PROVIDER: 'nope', SEARCH_API_KEY: 'tvly-SECRET-123' }).join('\n')).not.toContain('tvly-SECRET-123');
  });
});

describe('createSearchProvider', () => {
  it('returns null when SEARCH_PROVIDER is unset, and says so in the log', () => {
    const { logger, lines } = logCapture();
    expect(createSearchProvider(loadConfig({}), logger)).toBeNull();
    expect(lines.join('\n')).toMatch(/no search provider: reports say that no live sources were consulted/);
  });

  it('warns when a URL or key is set without a provider', () => {
    const { logger, lines } = logCapture();
    expect(createSearchProvider(loadConfig({ SEARCH_API_KEY: 'BSA-SECRET-456' }), logger)).toBeNull();
    expect(lines.join('\n')).toMatch(/SEARCH_PROVIDER is none/);
    expect(lines.join('\n')).not.toContain('BSA-SECRET-456');
  });

  it('builds the configured provider and logs its name and host, never the key', () => {
    for (const [env, name] of [
      [{ SEARCH_PROVIDER: 'searxng', SEARCH_URL: 'http://searx.local:8888/searx' }, 'searxng'],
      [{ SEARCH_PROVIDER: 'tavily', SEARCH_API_KEY: 'tvly-SECRET-789' }, 'tavily'],
      [{ SEARCH_PROVIDER: 'brave', SEARCH_API_KEY: 'BSA-SECRET-789', SEARCH_URL: 'https://proxy.local' }, 'brave'],
    ] as const) {
      const { logger, lines } = logCapture();
      expect(createSearchProvider(loadConfig(env), logger)?.name).toBe(name);
      const log = lines.join('\n');
      expect(log).toContain(`"provider":"${name}"`);
      expect(log).not.toContain('SECRET');
    }
  });

  it('refuses a provider without its key or URL even when the config was not parsed by loadConfig', () => {
    const base = { SEARCH_TIMEOUT_MS: 8000, SEARCH_MAX_RESULTS: 5, SEARCH_URL: undefined, SEARCH_API_KEY: undefined };
    expect(() => createSearchProvider({ ...base, SEARCH_PROVIDER: 'brave' }, logCapture().logger)).toThrow(ConfigError);
    expect(() => createSearchProvider({ ...base, SEARCH_PROVIDER: 'searxng' }, logCapture().logger)).toThrow(/SEARCH_URL/);
  });
});
