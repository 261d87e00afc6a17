import { MAIL_RETRY_MAX_MS, mailRetryDelay } from './mailer';

describe('mailRetryDelay', () => {
  it('doubles from the base per failed try and stays at most an hour apart', () => {
    expect([1, 2, 3, 4].map((a) => mailRetryDelay(a, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(mailRetryDelay(7, 60_000)).toBe(MAIL_RETRY_MAX_MS);
    expect(mailRetryDelay(500, 60_000)).toBe(MAIL_RETRY_MAX_MS);
  });
});
