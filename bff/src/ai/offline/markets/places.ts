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
    currency: 'USD',
  },
  {
    name: 'the United Kingdom',
    words: ['uk', 'u.k.', 'united kingdom', 'britain', 'british', 'england', 'scotland', 'wales', 'london', 'manchester', 'leeds', 'birmingham', 'glasgow', 'edinburgh', 'bristol', 'nhs'],
    millions: 68,
    jurisdiction: 'UK',
    currency: 'GBP',
  },
  { name: 'Germany', words: ['germany', 'german', 'berlin', 'munich', 'hamburg', 'cologne', 'frankfurt'], millions: 84, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'France', words: ['france', 'french', 'paris', 'lyon', 'marseille'], millions: 68, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Spain', words: ['spain', 'spanish', 'madrid', 'barcelona', 'valencia'], millions: 48, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Portugal', words: ['portugal', 'portuguese', 'lisbon', 'porto'], millions: 10, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Italy', words: ['italy', 'italian', 'rome', 'milan'], millions: 59, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'the Netherlands', words: ['netherlands', 'dutch', 'amsterdam', 'rotterdam'], millions: 18, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Ireland', words: ['ireland', 'irish', 'dublin'], millions: 5, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Canada', words: ['canada', 'canadian', 'toronto', 'vancouver', 'montreal'], millions: 40, jurisdiction: 'CA', currency: 'CAD' },
  { name: 'Australia', words: ['australia', 'australian', 'sydney', 'melbourne'], millions: 27, jurisdiction: 'AU', currency: 'AUD' },
  { name: 'India', words: ['india', 'indian', 'bangalore', 'bengaluru', 'mumbai', 'delhi'], millions: 1430, jurisdiction: 'IN', currency: 'INR' },
  { name: 'Nigeria', words: ['nigeria', 'nigerian', 'lagos'], millions: 225, jurisdiction: 'NG', currency: 'NGN' },
  { name: 'Kenya', words: ['kenya', 'kenyan', 'nairobi'], millions: 55, jurisdiction: 'KE', currency: 'KES' },
  { name: 'Brazil', words: ['brazil', 'brazilian', 'são paulo', 'sao paulo', 'rio de janeiro'], millions: 216, jurisdiction: 'BR', currency: 'BRL' },
  { name: 'Mexico', words: ['mexico', 'mexican'], millions: 128, currency: 'MXN' },
  { name: 'Japan', words: ['japan', 'japanese', 'tokyo', 'osaka'], millions: 124, jurisdiction: 'JP', currency: 'JPY' },
  { name: 'Singapore', words: ['singapore'], millions: 6, jurisdiction: 'SG', currency: 'SGD' },
  { name: 'Switzerland', words: ['switzerland', 'swiss', 'zurich', 'zürich', 'geneva', 'basel', 'lausanne', 'bern'], millions: 9, currency: 'CHF' },
  { name: 'Austria', words: ['austria', 'austrian', 'vienna'], millions: 9, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Belgium', words: ['belgium', 'belgian', 'brussels', 'antwerp'], millions: 12, jurisdiction: 'EU', currency: 'EUR' },
  { name: 'Sweden', words: ['sweden', 'swedish', 'stockholm', 'gothenburg'], millions: 10, jurisdiction: 'EU', currency: 'SEK' },
  { name: 'Norway', words: ['norway', 'norwegian', 'oslo'], millions: 6, currency: 'NOK' },
  { name: 'Denmark', words: ['denmark', 'danish', 'copenhagen'], millions: 6, jurisdiction: 'EU', currency: 'DKK' },
  { name: 'Poland', words: ['poland', 'polish', 'warsaw', 'krakow', 'kraków'], millions: 37, jurisdiction: 'EU', currency: 'PLN' },
  { name: 'South Africa', words: ['south africa', 'south african', 'johannesburg', 'cape town', 'durban'], millions: 62, currency: 'ZAR' },
  { name: 'South Korea', words: ['south korea', 'korea', 'korean', 'seoul', 'busan'], millions: 52, currency: 'KRW' },
  { name: 'the United Arab Emirates', words: ['uae', 'united arab emirates', 'dubai', 'abu dhabi'], millions: 10, currency: 'AED' },
  { name: 'Europe', words: ['europe', 'european', 'eu'], millions: 450, jurisdiction: 'EU', currency: 'EUR' },
];
