import { nextMonthUsers, type SimulationMonth } from '@val/contracts';

/**
 * A month as sent to Val (the chat and the challenge feedback): the launch model's numbers as
 * the server gave them, with what an older stored run lacks filled from the stored months — the
 * previous month's users and the simulation's next-month users.
 */
export function monthForVal(m: SimulationMonth, months: ReadonlyArray<SimulationMonth>): SimulationMonth {
  const next = nextMonthUsers(months, m.month);
  const previous = m.month === 1 ? 0 : months.find((x) => x.month === m.month - 1)?.users;
  return {
    ...m,
    ...(m.nextMonthUsers === undefined && next !== null ? { nextMonthUsers: next } : {}),
    ...(m.previousUsers === undefined && previous !== undefined ? { previousUsers: previous } : {}),
  };
}
