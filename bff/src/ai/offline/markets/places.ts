/**
 * Places the offline analyst recognises in a founder's words: how many people live there (the
 * reports size markets with it) and whose rules apply (the analyst names a rule only for the
 * place the founder gave). Plain data; `read.ts` reads it.
 */
import type { Place } from './types';

export const PLACES: Place[] = [
  {
    name: 'the United States',
    words: ['usa', 'u.s.a.', 'united states', 'america', 'american', 'new york', 'nyc', 'california', 'san francisco', 'los angeles', 'texas', 'austin', 'chicago', 'boston', 'seattle', 'florida', 'miami', 'ohio', 'portland'],
    exact: ['US', 'U.S.'],
    millions: 335,
    jurisdiction: 'US',
  },
  {
    name: 'the United Kingdom',
    words: ['uk', 'u.k.', 'united kingdom', 'britain', 'british', 'england', 'scotland', 'wales', 'london', 'manchester', 'leeds', 'birmingham', 'glasgow', 'edinburgh', 'bristol', 'nhs'],
    millions: 68,
    jurisdiction: 'UK',
  },
  { name: 'Germany', words: ['germany', 'german', 'berlin', 'munich', 'hamburg', 'cologne', 'frankfurt'], millions: 84, jurisdiction: 'EU' },
  { name: 'France', words: ['france', 'french', 'paris', 'lyon', 'marseille'], millions: 68, jurisdiction: 'EU' },
  { name: 'Spain', words: ['spain', 'spanish', 'madrid', 'barcelona', 'valencia'], millions: 48, jurisdiction: 'EU' },
  { name: 'Portugal', words: ['portugal', 'portuguese', 'lisbon', 'porto'], millions: 10, jurisdiction: 'EU' },
  { name: 'Italy', words: ['italy', 'italian', 'rome', 'milan'], millions: 59, jurisdiction: 'EU' },
  { name: 'the Netherlands', words: ['netherlands', 'dutch', 'amsterdam', 'rotterdam'], millions: 18, jurisdiction: 'EU' },
  { name: 'Ireland', words: ['ireland', 'irish', 'dublin'], millions: 5, jurisdiction: 'EU' },
  { name: 'Canada', words: ['canada', 'canadian', 'toronto', 'vancouver', 'montreal'], millions: 40, jurisdiction: 'CA' },
  { name: 'Australia', words: ['australia', 'australian', 'sydney', 'melbourne'], millions: 27, jurisdiction: 'AU' },
  { name: 'India', words: ['india', 'indian', 'bangalore', 'bengaluru', 'mumbai', 'delhi'], millions: 1430, jurisdiction: 'IN' },
  { name: 'Nigeria', words: ['nigeria', 'nigerian', 'lagos'], millions: 225, jurisdiction: 'NG' },
  { name: 'Kenya', words: ['kenya', 'kenyan', 'nairobi'], millions: 55, jurisdiction: 'KE' },
  { name: 'Brazil', words: ['brazil', 'brazilian', 'são paulo', 'sao paulo', 'rio de janeiro'], millions: 216, jurisdiction: 'BR' },
  { name: 'Mexico', words: ['mexico', 'mexican'], millions: 128 },
  { name: 'Japan', words: ['japan', 'japanese', 'tokyo', 'osaka'], millions: 124, jurisdiction: 'JP' },
  { name: 'Singapore', words: ['singapore'], millions: 6, jurisdiction: 'SG' },
  { name: 'Europe', words: ['europe', 'european', 'eu'], millions: 450, jurisdiction: 'EU' },
];
