import type { SimulationMonth } from '@val/contracts';
import { saveState, loadState, emptyState } from '../state/store';
import { monthForVal } from './months';

const fromServer: SimulationMonth[] = [
  { month: 1, title: 'T1', users: 50, newUsers: 50, churnedUsers: 0, previousUsers: 0, nextMonthUsers: 70, wins: [], challenges: [] },
  { month: 2, title: 'T2', users: 70, newUsers: 26, churnedUsers: 6, previousUsers: 50, nextMonthUsers: 90, wins: [], challenges: [] },
  { month: 3, title: 'T3', users: 90, newUsers: 28, churnedUsers: 8, previousUsers: 70, nextMonthUsers: 112, wins: [], challenges: [] },
];

describe('the month entry sent to Val (val-chat, challenge-feedback)', () => {
  it('carries the launch model’s numbers as the server gave them', () => {
    expect(monthForVal(fromServer[2], fromServer)).toEqual(fromServer[2]);
  });

  it('fills what an older stored run lacks from the stored months: the previous and the next month’s users', () => {
    const old = fromServer.map(({ newUsers: _n, churnedUsers: _c, previousUsers: _p, nextMonthUsers: _x, ...m }) => m);
    expect(monthForVal(old[2], old)).toEqual({ ...old[2], previousUsers: 70 });
    expect(monthForVal(old[0], old)).toEqual({ ...old[0], previousUsers: 0, nextMonthUsers: 70 });
    expect(monthForVal(old[1], old)).toEqual({ ...old[1], previousUsers: 50, nextMonthUsers: 90 });
  });

  it('keeps the numbers through the browser storage, so a reload still sends them', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    saveState(storage, { ...emptyState('fp'), simulation: fromServer });
    const back = loadState(storage, 'fp')!.simulation!;
    expect(monthForVal(back[2], back)).toMatchObject({ users: 90, newUsers: 28, churnedUsers: 8, previousUsers: 70, nextMonthUsers: 112 });
  });
});
