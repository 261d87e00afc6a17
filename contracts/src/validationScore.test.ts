import { parseValidationScore } from './validationScore';

describe('parseValidationScore', () => {
  it.each([
    ['## Validation Score: 7.5/10\n\nText', 7.5],
    ['## Validation Score: 6.0/10', 6],
    ['Score: 7/10', 7],
    ['**Overall score:** 7.5 / 10', 7.5],
    ['Your idea gets a score of 6 out of 10.', 6],
    ['## Score\n8/10', 8],
    ['## Verdict — 8 / 10\nStrong.', 8],
    ['## Validation Score: 7,5/10', 7.5],
    ['## Validation Score: 11/10', null],
    ['## Market\nNo number.', null],
    ['## Validation Score: 6.66/10', 6.7],
  ])('%j → %p', (text, score) => {
    expect(parseValidationScore(text)).toBe(score);
  });
});
