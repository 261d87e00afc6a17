/**
 * Places the offline analyst recognises in a founder's words: how many people live there (the
 * reports size markets with it) and whose rules apply (the analyst names a rule only for the
 * place the founder gave). The data is `data/places.json`, parsed with the schema of `schema.ts`
 * when this module loads; `read.ts` reads it.
 */
import places from './data/places.json';
import { parseTable, placeTableSchema } from './schema';
import type { Place } from './types';

/** The place table, checked: a bad entry stops the load with a message naming it. */
export function loadPlaceTable(data: unknown, file = 'data/places.json'): Place[] {
  return parseTable(placeTableSchema, data, file);
}

export const PLACES: Place[] = loadPlaceTable(places);
