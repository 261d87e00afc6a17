import { createRequire } from 'node:module';
import path from 'node:path';
import { offlinePersonas, offlineSimulation } from '@val/offline-analyst';
import { findRepoRoot } from '../config/env';
import { runSimulationModel } from '../services/simulationModel';
import { buildSimulationSheet, checkMonthTexts } from './simulationSheet';

/** The offline analyst's labelled test set (offline-analyst/data/ideas/tuning0.jsonl, read by its plain-Node loader). */
const ideas = (
  createRequire(__filename)(path.join(findRepoRoot(), 'offline-analyst', 'scripts', 'idea-sets.js')) as {
    loadSet: (name: string) => Array<{ idea: string; targetCustomer: string; problemSolved: string }>;
  }
).loadSet('tuning0');

describe('checkMonthTexts', () => {
  const v = ideas[0];
  const model = runSimulationModel({ validation: { ...v, feedback: '' }, insights: [] });
  const sheet = buildSimulationSheet(model, v);
  const month = (k: number, text: string) => ({ month: k + 1, title: text, wins: [], challenges: [] });

  it('accepts a month’s own users, new and lost users, growth and its neighbours, and "Month N"', () => {
    const m = sheet.months[1];
    const texts = [
      month(0, 'Launch'),
      month(
        1,
        `${m.users} users, ${m.newUsers} new, ${m.churnedUsers} left, ${Math.abs(m.growthPercent ?? 0)}% growth since Month 1 (${sheet.months[0].users})`,
      ),
    ];
    expect(checkMonthTexts(texts, sheet, '')).toEqual([]);
  });

  it('flags a number the model made up, unless the founder wrote it', () => {
    expect(
      checkMonthTexts([month(0, 'First 50 users')], { ...sheet, months: sheet.months.map((m) => ({ ...m, users: m.users === 50 ? 51 : m.users })) }, ''),
    ).toEqual([{ month: 1, field: 'title', text: 'First 50 users', number: '50' }]);
    expect(checkMonthTexts([month(0, 'Charged 50 dollars')], sheet, 'I would pay 50 dollars')).toEqual([]);
    // …but only with the word that follows it: the founder's "12 practitioners" is not "12 users left".
    const twelve = checkMonthTexts(
      [month(0, '12 users left')],
      {
        ...sheet,
        months: sheet.months.map((m) => ({
          ...m,
          churnedUsers: m.churnedUsers === 12 ? 13 : m.churnedUsers,
          users: m.users === 12 ? 13 : m.users,
          newUsers: m.newUsers === 12 ? 13 : m.newUsers,
        })),
      },
      'clinics with 3 to 12 practitioners',
    );
    expect(twelve.map((p) => p.number)).toEqual(['12']);
  });

  it('passes the offline narration of every idea of the test set', () => {
    for (const i of ideas) {
      const personas = offlinePersonas(i);
      const insights = personas.map((persona, k) => ({ persona, responses: k ? ['I would pay for this.'] : [], completed: k > 0 }));
      const m = runSimulationModel({ validation: { ...i, feedback: '' }, insights });
      const s = buildSimulationSheet(m, i);
      const narrated = offlineSimulation({ validationData: i, customerInsights: insights, numbers: m.months });
      expect({ idea: i.idea, problems: checkMonthTexts(narrated, s, `${i.idea} ${i.targetCustomer} ${i.problemSolved}`) }).toEqual({
        idea: i.idea,
        problems: [],
      });
    }
  });
});
