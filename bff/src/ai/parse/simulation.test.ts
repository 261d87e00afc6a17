import { AiError } from '../types';
import { cleanReply, initials, parseCustomers, parseSimulation, parseUsers, textList } from './simulation';

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `p${n}`,
  name: `Person Number${n}`,
  role: `Role ${n}`,
  avatar: `P${n}`,
  background: `Background of person ${n}.`,
  ...extra,
});
const three = [person(1), person(2), person(3)];

describe('parseCustomers', () => {
  it.each([
    ['customers', { customers: three }],
    ['customers.personas', { customers: { personas: three } }],
    ['personas', { personas: three }],
    ['a bare list', three],
  ])('reads the list under %s', (_label, raw) => {
    const out = parseCustomers(raw);
    expect(out).toEqual(three);
  });

  it('keeps exactly 3 personas when the model sends more', () => {
    expect(parseCustomers({ customers: [...three, person(4), person(5)] }).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('repairs missing ids, duplicate ids, alternative keys and unusable avatars', () => {
    const out = parseCustomers({
      personas: [
        { fullName: 'Ana Lima', occupation: 'Bakery owner', bio: 'Runs two shops.', avatar: 'https://img.example/ana.png' },
        { id: 'x', name: 'Bo Chen', title: 'Barista', description: 'Works mornings.' },
        { id: 'x', name: 'Cy Diaz', background: 'Student who works part time; likes apps.', emoji: '🙂' },
      ],
    });
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual({ id: 'ana-lima', name: 'Ana Lima', role: 'Bakery owner', avatar: 'AL', background: 'Runs two shops.' });
    expect(out[1].role).toBe('Barista');
    expect(out[2].id).not.toBe('x');
    expect(out[2].role).toBe('Student who works part time');
    expect(out[2].avatar).toBe('🙂');
    expect(new Set(out.map((p) => p.id)).size).toBe(3);
  });

  it('drops personas without a name, and rejects fewer than 3 usable ones', () => {
    expect(() => parseCustomers({ customers: [person(1), { role: 'no name' }, person(3)] })).toThrow(AiError);
    expect(() => parseCustomers({ customers: [person(1), person(2)] })).toThrow(/2 usable personas/);
  });

  it.each([
    ['nothing useful', { foo: 1 }],
    ['text', 'three customers'],
    ['null', null],
    ['list of strings', { customers: ['a', 'b', 'c'] }],
  ])('rejects %s as malformed', (_l, raw) => {
    expect(() => parseCustomers(raw)).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });

  it('cuts over-long fields instead of passing them on', () => {
    const out = parseCustomers({ customers: three.map((p) => ({ ...p, background: 'word '.repeat(600) })) });
    expect(out[0].background.length).toBeLessThanOrEqual(1200);
    expect(out[0].background.endsWith('…')).toBe(true);
  });
});

const month = (n: number, extra: Record<string, unknown> = {}) => ({
  month: n,
  title: `Month title ${n}`,
  users: n * 100,
  wins: [`win ${n}`],
  challenges: [`problem ${n}`],
  ...extra,
});
const six = [1, 2, 3, 4, 5, 6].map((n) => month(n));

describe('parseSimulation', () => {
  it.each([
    ['simulation', { simulation: six }],
    ['simulation.phases', { simulation: { phases: six } }],
    ['phases', { phases: six }],
    ['a bare list', six],
  ])('reads the months under %s', (_l, raw) => {
    const out = parseSimulation(raw);
    expect(out).toHaveLength(6);
    expect(out.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out[2]).toEqual({ month: 3, title: 'Month title 3', users: 300, wins: ['win 3'], challenges: ['problem 3'] });
  });

  it("accepts a phase with `challenge` (Val's question) or `challenges` (the list), or both", () => {
    const out = parseSimulation({
      phases: [
        month(1, { challenge: 'What will you measure?' }),
        month(2, { challenges: undefined, challenge: 'Only a challenge here' }),
        month(3, { challenges: 'one; two' }),
        month(4, { challenge: { question: 'Price it how?' } }),
        month(5),
        month(6),
      ],
    });
    expect(out[0].challenges).toEqual(['problem 1']);
    expect(out[0].challenge).toBe('What will you measure?');
    expect(out[1].challenges).toEqual(['Only a challenge here']);
    expect(out[1].challenge).toBe('Only a challenge here');
    expect(out[2].challenges).toEqual(['one', 'two']);
    expect(out[2]).not.toHaveProperty('challenge');
    expect(out[3].challenge).toBe('Price it how?');
  });

  it('orders by month, renumbers 1..6, reads "Month 3" and "1,200", keeps only 6', () => {
    const shuffled = [month(3), month(1, { users: '1,200' }), month(2, { users: '1.5k' }), month(6), month(5), month(4), month(7)];
    shuffled[0] = { ...shuffled[0], month: 'Month 3' as unknown as number };
    const out = parseSimulation({ simulation: shuffled });
    expect(out.map((m) => m.title)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Month title ${n}`));
    expect(out[0].users).toBe(1200);
    expect(out[1].users).toBe(1500);
  });

  it('repairs months without numbers or titles, and lists given as text or objects', () => {
    const out = parseSimulation({
      phases: six.map((m, i) => ({ ...m, month: undefined, title: i === 0 ? '' : m.title, wins: i === 1 ? '- a\n- b' : [{ text: 'obj win' }] })),
    });
    expect(out.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out[0].title).toBe('Month 1');
    expect(out[1].wins).toEqual(['a', 'b']);
    expect(out[2].wins).toEqual(['obj win']);
    expect(out[3].users).toBe(400);
  });

  it('rejects fewer than 6 usable months and unknown shapes', () => {
    expect(() => parseSimulation({ simulation: six.slice(0, 5) })).toThrow(/5 usable months/);
    expect(() => parseSimulation({ simulation: [...six.slice(0, 5), month(5)] })).toThrow(AiError);
    expect(() => parseSimulation({ months: 'six' })).toThrow(expect.objectContaining({ kind: 'malformed' }));
    expect(() => parseSimulation(42)).toThrow(AiError);
  });
});

describe('helpers', () => {
  it('parseUsers reads numbers and number-like text only', () => {
    expect(parseUsers(12.6)).toBe(13);
    expect(parseUsers('2,500 users')).toBe(2500);
    expect(parseUsers('~3k')).toBe(3000);
    expect(parseUsers(-5)).toBeUndefined();
    expect(parseUsers('many')).toBeUndefined();
  });
  it('textList splits bullets and numbered lines and drops empties', () => {
    expect(textList('1. first\n2) second\n\n')).toEqual(['first', 'second']);
    expect(textList(['  a ', '', null, 5])).toEqual(['a', '5']);
  });
  it('initials', () => {
    expect(initials('Dr. Maria de la Cruz')).toBe('MC');
    expect(initials('Ümit')).toBe('Ü');
  });
  it('cleanReply drops speaker labels, fences and wrapping quotes; refuses empty text', () => {
    expect(cleanReply('Maya: "I would pay $20."', ['Maya'])).toBe('I would pay $20.');
    expect(cleanReply('**Val:** Grow slowly.')).toBe('Grow slowly.');
    expect(cleanReply('```\nHello\n```')).toBe('Hello');
    expect(() => cleanReply('   ')).toThrow(AiError);
  });
});
