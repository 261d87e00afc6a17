import type { StoredValidationView, ValidationComparison } from '@val/contracts';
import { HOSTILE_TEXT, HOSTILE_TEXT_SHOWN, TERMINAL_CONTROLS } from '../../test/hostileText';
import { styles } from '../context';
import { formatComparison, formatValidation } from './validations';

const hostile: StoredValidationView = {
  id: '00000000-0000-4000-8000-000000000001',
  idea: HOSTILE_TEXT,
  targetCustomer: `Cooks ${HOSTILE_TEXT}`,
  problemSolved: `Waste ${HOSTILE_TEXT}`,
  feedback: `## Market Analysis ${HOSTILE_TEXT}\nThe model says ${HOSTILE_TEXT}`,
  provider: 'openai',
  score: 6,
  createdAt: '2026-01-31T14:05:09.000Z',
};

describe('text a visitor or a model stored reaches the terminal without its control sequences', () => {
  it.each([true, false])('validations show (colours %s): the text as a reader sees it, nothing a terminal acts on', (colour) => {
    const out = formatValidation(hostile, 'http://localhost:3000', styles(colour));
    const plain = out.replace(/\u001b\[\d+m/g, '');
    expect(plain).not.toMatch(TERMINAL_CONTROLS);
    expect(plain).toContain(`Idea:            ${HOSTILE_TEXT_SHOWN}`);
    expect(plain).toContain(`The model says ${HOSTILE_TEXT_SHOWN}`);
    if (colour) expect(out.match(/\u001b\[[^m]*m/g)).toEqual(['\u001b[1m', '\u001b[22m']);
  });

  it('validations compare: word diffs, section titles and lines', () => {
    const c: ValidationComparison = {
      base: hostile,
      head: { ...hostile, id: '00000000-0000-4000-8000-000000000002' },
      score: { before: 6, after: 6, change: 0 },
      inputs: {
        idea: {
          changed: true,
          parts: [
            { op: 'removed', text: HOSTILE_TEXT },
            { op: 'added', text: 'x' },
          ],
        },
        targetCustomer: { changed: false, parts: [{ op: 'same', text: HOSTILE_TEXT }] },
        problemSolved: {
          changed: true,
          parts: [
            { op: 'same', text: HOSTILE_TEXT },
            { op: 'added', text: HOSTILE_TEXT },
          ],
        },
      },
      sections: [{ title: `Risks ${HOSTILE_TEXT}`, state: 'changed', added: [HOSTILE_TEXT], removed: [`old ${HOSTILE_TEXT}`] }],
    };
    const out = formatComparison(c, styles(false));
    expect(out).not.toMatch(TERMINAL_CONTROLS);
    expect(out).toContain(`[-${HOSTILE_TEXT_SHOWN}-]{+x+}`);
    expect(out).toContain(`changed  Risks ${HOSTILE_TEXT_SHOWN}`);
    expect(out).toContain(`+ ${HOSTILE_TEXT_SHOWN}`);
  });
});
