import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SimulationAssumptions, SimulationFactSheet, ValidationData } from '@val/contracts';
import { NO_LIVE_SOURCES_NOTE } from '@val/contracts/factSheet';
import { ModelExplanation, SIMULATION_SHEET_TITLE } from './Simulation';
import SimulationSheet, { growthText } from './SimulationSheet';

// The sheet step 3's answer carries, computed by the BFF's own launch model (not a hand-made fixture).
type ModelResult = { months: unknown[]; assumptions: SimulationAssumptions };
const { runSimulationModel } = jest.requireActual<{
  runSimulationModel(i: { validation: ValidationData; insights: Array<{ responses: string[]; completed: boolean }> }): ModelResult;
}>('../../../bff/src/services/simulationModel');
const { buildSimulationSheet } = jest.requireActual<{ buildSimulationSheet(m: ModelResult, v: ValidationData): SimulationFactSheet }>(
  '../../../bff/src/analysis/simulationSheet',
);
const validation: ValidationData = {
  idea: 'An app that fills last-minute cancellations at hair salons',
  targetCustomer: 'Independent hair salons in Leeds',
  problemSolved: 'Empty chairs after late cancellations',
  feedback: '## Score\n\nScore: 7/10',
};
const model = runSimulationModel({ validation, insights: [{ responses: ['I would pay for that if it fills my Friday gaps.'], completed: true }] });
const sheet = buildSimulationSheet(model, validation);

const render = (el: ReactElement) => renderToStaticMarkup(el).replace(/ class="[^"]*"/g, '');
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('SimulationSheet (the numbers behind this simulation)', () => {
  const html = render(<SimulationSheet sheet={sheet} />);
  const text = textOf(html);

  it('lists each month’s users, new and lost users and growth against the previous month, “Launch” for month 1', () => {
    expect(html).toContain(
      '<th scope="col">Month</th><th scope="col">Users</th><th scope="col">New</th><th scope="col">Lost</th><th scope="col">Growth vs previous month</th>',
    );
    const [m1, m2] = sheet.months;
    expect(text).toContain(`Month 1 ${m1.users} +${m1.newUsers} ${m1.churnedUsers > 0 ? `−${m1.churnedUsers}` : '0'} Launch`);
    const g2 = Math.round(((m2.users - m1.users) / m1.users) * 100);
    expect(text).toContain(`Month 2 ${m2.users} +${m2.newUsers} −${m2.churnedUsers} ${g2 > 0 ? '+' : '−'}${Math.abs(g2)}%`);
    expect(html.match(/<th scope="row">Month \d<\/th>/g)).toHaveLength(6);
  });

  it('explains how the model computed them, each figure with its basis, and says no live sources were consulted', () => {
    expect(text).toContain('How we computed these numbers');
    expect(text).toContain(`Users in the launch month ${sheet.figures[0].value} 15 + 85 × fit`);
    expect(text).toMatch(/Users lost each month \d+(\.\d)?% 12% − 6% × interview score/);
    expect(text).toContain('Interviews completed 1 customers you marked Done in step 3 (of 3)');
    expect(text).toContain(NO_LIVE_SOURCES_NOTE);
  });

  it('writes growth as Launch, +n%, −n% or — (nothing to compare)', () => {
    expect(growthText({ month: 1, growthPercent: null }, 0)).toBe('Launch');
    expect(growthText({ month: 3, growthPercent: 12 }, 2)).toBe('+12%');
    expect(growthText({ month: 4, growthPercent: -5 }, 3)).toBe('−5%');
    expect(growthText({ month: 5, growthPercent: null }, 4)).toBe('—');
  });
});

describe('ModelExplanation', () => {
  it('is one collapsed "The numbers behind this simulation" that says the numbers come from code and are checked', () => {
    const html = render(<ModelExplanation a={model.assumptions} sheet={sheet} />);
    expect(html).toMatch(/^<details data-testid="model-explanation"><summary>The numbers behind this simulation<\/summary>/);
    expect(SIMULATION_SHEET_TITLE).toBe('The numbers behind this simulation');
    expect(textOf(html)).toContain('These numbers come from a model in code, not from the AI.');
    expect(textOf(html)).toContain('a month whose text names other numbers is written again, or told by the offline analyst.');
    // The assumptions are not repeated beside the sheet's figures.
    expect(html).not.toContain('Month 1 starts with');
  });

  it('shows the model’s assumptions in plain words for a run stored before sheets', () => {
    const text = textOf(render(<ModelExplanation a={model.assumptions} sheet={null} />));
    expect(text).toContain('The numbers behind this simulation');
    expect(text).toContain(`Month 1 starts with ${model.assumptions.startingUsers} users, based on 1 completed interview`);
    expect(text).not.toContain('written again');
  });
});
