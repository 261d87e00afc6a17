import { MARKET_IDS } from '@val/contracts';
import { testDbs } from '../../bff/test/db';
import { assertBuilt, runCli } from '../test/run';
import { startCliTestServer, type CliTestServer } from '../test/server';

beforeAll(assertBuilt);

const idea = [
  '--idea',
  'A van that changes your tyres at the office while you work',
  '--customer',
  'Commuters who drive to business parks',
  '--problem',
  'Changing tyres takes a morning off work twice a year',
];
type Fig = { id: string; value: number };

describe.each(testDbs)('val validate with the founder’s basis on $label', (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    srv = await startCliTestServer(kind);
    env = { VAL_API_URL: srv.url };
  });
  afterAll(() => srv?.stop());

  it('sends the basis flags and --assume: the sheet is computed from them and the basis line says which are yours', async () => {
    const r = await runCli(['validate', ...idea, '--market', 'logistics', '--place', 'Germany', '--price', '30', '--assume', 'buyers=4000', '--json'], { env });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.factSheet.basis).toMatchObject({ market: 'logistics', place: 'Germany', price: 30, setByFounder: ['market', 'place', 'price'] });
    expect(out.factSheet.figures.find((f: Fig) => f.id === 'buyers').value).toBe(4000);
    expect(out.feedback).toContain('your price of €30 a month');

    const text = await runCli(['validate', ...idea, '--buyer', 'business', '--product-kind', 'service'], { env });
    expect(text.code).toBe(0);
    expect(text.stderr).toContain('Basis: market:');
    expect(text.stderr).toContain('buyer: business (yours)');
    expect(text.stderr).toContain('product: service (yours)');
  });

  it.each([
    [['--market', 'space'], `option '--market <id>' argument 'space' is invalid. Allowed choices are ${MARKET_IDS.join(', ')}`],
    [['--place', 'Atlantis'], 'place "Atlantis" is not a place the analyst knows'],
    [['--price', 'free'], '--price: price must be a number'],
    [['--assume', 'margin=0.4'], '--assume "margin=0.4" must look like key=value with key one of buyers, price'],
  ])('refuses %j with a clear message', async (flags, message) => {
    const r = await runCli(['validate', ...idea, ...flags], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(message);
  });
});
