import { memoryCounterStore, type CounterStore } from '../repositories/counters';
import { windowLimit, type WindowLimitOptions } from './windowLimit';

/** The limit's rules on the memory store (one process); across processes see counters.int.test.ts. */
describe('windowLimit', () => {
  beforeEach(() => jest.useFakeTimers({ now: 5_000_000 }));
  afterEach(() => jest.useRealTimers());

  const make = (o: Partial<WindowLimitOptions> = {}) => {
    const store = memoryCounterStore();
    const limit = windowLimit({ store, name: 'w', windowMs: 60_000, max: 5, whenUnavailable: 'share', ...o });
    return { limit, total: async (key: string) => (await store.counter('w', 60_000).peek(key))?.total ?? 0 };
  };

  it('allows max points per key and window, says what is left and when the window ends', async () => {
    const { limit } = make();
    expect(await limit.take('a')).toEqual({ allowed: true, remaining: 4, msLeft: 60_000 });
    jest.advanceTimersByTime(10_000);
    expect(await limit.take('a', 4)).toEqual({ allowed: true, remaining: 0, msLeft: 50_000 });
    expect(await limit.take('a')).toMatchObject({ allowed: false, msLeft: 50_000 });
    expect((await limit.take('b')).allowed).toBe(true);
    jest.advanceTimersByTime(50_000);
    expect(await limit.take('a')).toEqual({ allowed: true, remaining: 4, msLeft: 60_000 });
  });

  it('takes all the points asked for or none; refused takes are not counted', async () => {
    const { limit, total } = make();
    expect((await limit.take('a', 3)).allowed).toBe(true);
    expect((await limit.take('a', 3)).allowed).toBe(false);
    expect(await total('a')).toBe(3);
    expect((await limit.take('a', 2)).allowed).toBe(true);
    expect(await total('a')).toBe(5);
  });

  it('counts refused takes too when asked (login attempts)', async () => {
    const { limit, total } = make({ exact: true, countRefused: true });
    const takes = await Promise.all(Array.from({ length: 12 }, () => limit.take('ip')));
    expect(takes.map((t) => t.allowed)).toEqual([...Array(5).fill(true), ...Array(7).fill(false)]);
    expect(await total('ip')).toBe(12);
    await limit.reset('ip');
    expect((await limit.take('ip')).allowed).toBe(true);
  });

  it('serves parallel takes of one key in order, each told what is left after it', async () => {
    const { limit } = make();
    const takes = await Promise.all(Array.from({ length: 7 }, () => limit.take('k')));
    expect(takes.map((t) => [t.allowed, t.remaining])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
  });

  it('adjusts: points spent beyond a take are counted, points not used go back', async () => {
    const { limit, total } = make({ max: 100 });
    expect((await limit.take('k', 60)).allowed).toBe(true);
    await limit.adjust('k', -50);
    expect(await total('k')).toBe(10);
    await limit.adjust('k', 80);
    expect(await total('k')).toBe(90);
    expect((await limit.take('k', 20)).allowed).toBe(false);
    expect((await limit.take('k', 10)).allowed).toBe(true);
  });

  it('gives nothing back into a window about to end (a new window never starts below zero)', async () => {
    const { limit, total } = make({ max: 100 });
    await limit.take('k', 60);
    jest.advanceTimersByTime(59_500);
    await limit.adjust('k', -60);
    expect(await total('k')).toBe(60);
  });

  it('rejects nonsense options', () => {
    expect(() => make({ max: 0 })).toThrow(RangeError);
    expect(() => make({ max: 1.5 })).toThrow(RangeError);
    expect(() => make({ windowMs: 0 })).toThrow(RangeError);
  });
});

/** takeNow: the answers of `take` that this process can give from memory, given at once. */
describe('windowLimit.takeNow', () => {
  beforeEach(() => jest.useFakeTimers({ now: 5_000_000 }));
  afterEach(() => jest.useRealTimers());

  /** The memory store's counters, seen as a shared store (blocks held in the process), counting its calls. */
  const shared = () => {
    const memory = memoryCounterStore();
    const calls: number[] = [];
    const store: CounterStore = {
      ...memory,
      kind: 'redis',
      counter: (name, windowMs) => {
        const c = memory.counter(name, windowMs);
        return { ...c, add: (key, points) => (calls.push(points ?? 1), c.add(key, points)) };
      },
    };
    return { store, calls };
  };

  it('answers nothing on the memory store (every take is exact there)', async () => {
    const limit = windowLimit({ store: memoryCounterStore(), name: 'w', windowMs: 60_000, max: 5, whenUnavailable: 'share' });
    expect(limit.takeNow('a')).toBeNull();
    await limit.take('a');
    expect(limit.takeNow('a')).toBeNull();
  });

  it('hands out held points as take does, then the refusal of a used-up window, without store calls', async () => {
    const { store, calls } = shared();
    const a = windowLimit({ store, name: 'w', windowMs: 60_000, max: 40, whenUnavailable: 'share' });
    const b = windowLimit({ store: shared().store, name: 'w', windowMs: 60_000, max: 40, whenUnavailable: 'share' });
    expect(a.takeNow('k')).toBeNull();
    const answers: Array<[unknown, unknown]> = [];
    for (let i = 0; i < 45; i++) {
      const now = a.takeNow('k') ?? (await a.take('k'));
      answers.push([now, await b.take('k')]);
      jest.advanceTimersByTime(100);
    }
    for (const [now, take] of answers) expect(now).toEqual(take);
    expect(answers.filter(([now]) => (now as { allowed: boolean }).allowed)).toHaveLength(40);
    // One store call per block of 2 points (a twentieth of 40), then none for the refusals.
    expect(calls).toEqual(Array(20).fill(2));
  });

  it('answers nothing while a store call for the key is on its way', async () => {
    const { store } = shared();
    const limit = windowLimit({ store, name: 'w', windowMs: 60_000, max: 40, whenUnavailable: 'share' });
    await limit.take('k');
    expect(limit.takeNow('k')).toMatchObject({ allowed: true });
    const pending = limit.take('k');
    expect(limit.takeNow('k')).toBeNull();
    await pending;
  });
});
