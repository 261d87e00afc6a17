import { buildCustomerInsights, monthGrowthPercent, monthProgressPercent, type CustomerPersona, type InterviewMessage } from '@val/contracts';
import { growthLabel, localGreeting, valGreeting } from './format';

const months = [100, 150, 120, 120, 0, 30].map((users, i) => ({ month: i + 1, title: `T${i + 1}`, users, wins: [], challenges: [] }));

describe('growth percent versus the previous month', () => {
  it("is 'Launch' for month 1 and the rounded percent change after", () => {
    expect(monthGrowthPercent(months, 0)).toBe('Launch');
    expect(monthGrowthPercent(months, 1)).toBe(50);
    expect(monthGrowthPercent(months, 2)).toBe(-20);
    expect(monthGrowthPercent(months, 3)).toBe(0);
    expect(monthGrowthPercent([{ users: 3 }, { users: 4 }], 1)).toBe(33);
    expect(monthGrowthPercent([{ users: 3 }, { users: 5 }], 1)).toBe(67);
  });
  it('has no percent after a month with no users', () => {
    expect(monthGrowthPercent(months, 5)).toBeNull();
    expect(growthLabel(months, 5)).toBe('—');
  });
  it('labels with a sign', () => {
    expect(growthLabel(months, 0)).toBe('Launch');
    expect(growthLabel(months, 1)).toBe('+50%');
    expect(growthLabel(months, 2)).toBe('-20%');
    expect(growthLabel(months, 3)).toBe('0%');
  });
});

describe('progress bar', () => {
  it('is users relative to the maximum month', () => {
    expect(monthProgressPercent(months, 1)).toBe(100);
    expect(monthProgressPercent(months, 0)).toBeCloseTo(66.67, 1);
    expect(monthProgressPercent(months, 4)).toBe(0);
    expect(monthProgressPercent([{ users: 0 }, { users: 0 }], 1)).toBe(0);
  });
});

describe('customerInsights', () => {
  const persona = (id: string): CustomerPersona => ({ id, name: `N ${id}`, role: 'r', avatar: 'NN', background: 'b' });
  const msg = (customerId: string, isUser: boolean, text: string): InterviewMessage => ({
    id: Math.random().toString(),
    customerId,
    isUser,
    text,
    timestamp: '',
  });
  it('holds every persona with the first 100 characters of each of its replies (not the founder’s messages)', () => {
    const long = 'x'.repeat(150);
    const out = buildCustomerInsights(
      [persona('a'), persona('b'), persona('c')],
      { a: [msg('a', false, 'Hi there'), msg('a', true, 'What do you pay?'), msg('a', false, long)], b: [msg('b', false, 'Hello')] },
      ['a'],
    );
    expect(out).toHaveLength(3);
    expect(out[0].persona.id).toBe('a');
    expect(out[0].responses).toEqual(['Hi there', 'x'.repeat(100)]);
    expect(out[0].completed).toBe(true);
    expect(out[1]).toMatchObject({ responses: ['Hello'], completed: false });
    expect(out[2].responses).toEqual([]);
  });
});

describe('greetings', () => {
  it('the local persona greeting uses name, role and background', () => {
    expect(localGreeting({ id: 'a', name: 'Maya Chen', role: 'Salon owner', avatar: 'MC', background: 'Runs two salons.' })).toBe(
      "Hi, I'm Maya Chen, Salon owner. Runs two salons. What would you like to know?",
    );
  });
  it("Val's month greeting names the month, users and growth", () => {
    expect(valGreeting(months, 1)).toContain('Month 2');
    expect(valGreeting(months, 1)).toContain('150 users (+50% vs the month before)');
    expect(valGreeting(months, 0)).toContain('your launch month');
  });
});
