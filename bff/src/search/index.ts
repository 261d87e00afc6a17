import { ConfigError, type Config } from '../config/env';
import type { Logger } from '../logger';
import { createBraveProvider } from './brave';
import { createSearxngProvider } from './searxng';
import { createTavilyProvider } from './tavily';
import type { SearchProvider } from './types';

export { SearchError } from './types';
export type { SearchErrorKind, SearchOptions, SearchProvider, SearchProviderName, SearchResult } from './types';
export { numberSources, researchSources, sourcesFor } from './cite';
export { runResearch, researchQueries, type ResearchOutcome, type ResearchTopic, type ResearchTopicId } from './research';
export { MAX_RESULTS } from './sanitize';

/** The settings the search layer reads. */
export type SearchConfig = Pick<Config, 'SEARCH_PROVIDER' | 'SEARCH_URL' | 'SEARCH_API_KEY' | 'SEARCH_TIMEOUT_MS' | 'SEARCH_MAX_RESULTS'>;

function requireSetting(value: string | undefined, problem: string): string {
  if (!value) throw new ConfigError([problem]);
  return value;
}

/**
 * The configured web search provider, or null when SEARCH_PROVIDER is `none` (the default: the
 * reports then say that no live sources were consulted). Logs which provider is used (its host,
 * never the key). Throws ConfigError when the provider lacks its URL or key (loadConfig already
 * refuses such a configuration).
 */
export function createSearchProvider(config: SearchConfig, logger: Logger): SearchProvider | null {
  const { SEARCH_PROVIDER: name, SEARCH_URL: url, SEARCH_API_KEY: apiKey, SEARCH_TIMEOUT_MS: timeoutMs } = config;
  if (name === 'none') {
    if (url || apiKey) logger.warn('SEARCH_URL or SEARCH_API_KEY is set but SEARCH_PROVIDER is none: no web search');
    else logger.info('no search provider: reports say that no live sources were consulted');
    return null;
  }
  const keyProblem = `SEARCH_API_KEY: SEARCH_PROVIDER=${name} needs SEARCH_API_KEY`;
  const provider =
    name === 'searxng'
      ? createSearxngProvider({ baseUrl: requireSetting(url, 'SEARCH_URL: SEARCH_PROVIDER=searxng needs SEARCH_URL'), timeoutMs })
      : name === 'tavily'
        ? createTavilyProvider({ apiKey: requireSetting(apiKey, keyProblem), baseUrl: url, timeoutMs })
        : createBraveProvider({ apiKey: requireSetting(apiKey, keyProblem), baseUrl: url, timeoutMs });
  logger.info({ provider: name, host: url ? new URL(url).host : undefined, timeoutMs, maxResults: config.SEARCH_MAX_RESULTS }, 'search provider ready');
  return provider;
}
