/** The offline analyst's markets and places (data) and how it reads them. */
export * from './types';
export { MARKETS, GENERAL, NEUTRAL_PHRASES } from './table';
export { PLACES } from './places';
export * from './read';
export * from './money';
export * from './competitors';
export * from './classifier';
export * from './segments';
export * from './rules';
