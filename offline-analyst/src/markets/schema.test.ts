import markets from './data/markets.json';
import places from './data/places.json';
import { loadPlaceTable } from './places';
import { GENERAL, loadMarketTable, MARKETS } from './table';

/** A copy of the market table that `change` may break. */
function broken(change: (t: { markets: Array<Record<string, unknown>>; general: Record<string, Record<string, unknown>>; neutralPhrases: string[] }) => void) {
  const copy = structuredClone(markets) as unknown as Parameters<typeof change>[0];
  change(copy);
  return () => loadMarketTable(copy);
}

const legal = () => markets.markets.findIndex((m) => m.id === 'legal');

describe('the market table is checked when it loads', () => {
  it('loads the table as written, with the derived incumbents', () => {
    expect(loadMarketTable(structuredClone(markets)).markets).toEqual(MARKETS);
    expect(MARKETS.find((m) => m.id === 'legal')?.incumbents).toHaveLength(4);
    expect(GENERAL.business).toMatchObject({ id: 'general', b2b: true, story: GENERAL.consumer.story });
  });

  it('refuses a market without words, naming it', () => {
    const i = legal();
    expect(
      broken((t) => {
        delete t.markets[i].words;
      }),
    ).toThrow(`markets[${i}] 'legal' › words: Invalid input: expected object, received undefined`);
    expect(
      broken((t) => {
        t.markets[i].words = { strong: [] };
      }),
    ).toThrow(`markets[${i}] 'legal' › words › strong: a market needs at least one strong word`);
  });

  it('refuses a rule without topic, naming the market and the rule', () => {
    const i = legal();
    expect(
      broken((t) => {
        const rules = t.markets[i].rules as Array<Record<string, unknown>>;
        delete rules[1].topic;
      }),
    ).toThrow(`markets[${i}] 'legal' › rules[1] › topic: Invalid input: expected string, received undefined`);
  });

  it('refuses a misspelt field, a jurisdiction it does not know, a second market with the same id and a bad phrase', () => {
    const error = (change: Parameters<typeof broken>[0]) => {
      try {
        broken(change)();
      } catch (e) {
        return (e as Error).message;
      }
      return 'loaded';
    };
    expect(error((t) => (t.markets[0].whyNOW = 'typo'))).toMatch(/markets\[0\] 'food': Unrecognized key: "whyNOW"/);
    expect(error((t) => ((t.markets[0].rules as Array<Record<string, unknown>>)[0].named = { FR: 'CNIL' }))).toContain(
      `markets[0] 'food' › rules[0] 'food-safety registration and hygiene rules' › named: Unrecognized key: "FR"`,
    );
    expect(error((t) => (t.markets[1].id = 'food'))).toContain(`markets[1] 'food' › id: a second market with the id 'food'`);
    expect(error((t) => (t.neutralPhrases[0] = 'food (bank'))).toContain('neutralPhrases[0]: not a valid regular expression');
    expect(error((t) => (t.general.consumer.words = { strong: ['food'] }))).toContain('general › consumer › words › strong: the general market has no words');
    expect(error(() => undefined)).toBe('loaded');
  });

  it('refuses a place without population, naming it', () => {
    const copy = structuredClone(places) as Array<Record<string, unknown>>;
    delete copy[2].millions;
    expect(() => loadPlaceTable(copy)).toThrow(
      /places\.json has a bad entry:\n {2}\[2\] 'Germany' › millions: Invalid input: expected number, received undefined/,
    );
  });
});
