import { checkTestCard, luhnValid, TEST_CARDS } from './payments';

describe('TEST MODE card checks', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('knows the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('12')).toBe(false);
  });

  it('every listed test card number is a valid card number', () => {
    for (const n of Object.keys(TEST_CARDS)) expect([n, luhnValid(n)]).toEqual([n, true]);
  });

  it('accepts 4242 4242 4242 4242 with a future date and declines 4000 0000 0000 0002', () => {
    expect(checkTestCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({ ok: true });
    expect(checkTestCard({ number: '4000-0000-0000-0002', expiry: '12/2030', cvc: '123' }, now)).toEqual({
      ok: false,
      field: 'number',
      message: 'Your card was declined.',
    });
    expect(checkTestCard({ number: '4000000000009995', expiry: '12/30', cvc: '123' }, now)).toMatchObject({ message: 'Your card has insufficient funds.' });
  });

  it('checks the expiry month (this month is still valid) and the CVC length (4 digits for Amex)', () => {
    expect(checkTestCard({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, now)).toEqual({ ok: true });
    expect(checkTestCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toMatchObject({ field: 'expiry' });
    expect(checkTestCard({ number: '4242424242424242', expiry: '13/30', cvc: '123' }, now)).toMatchObject({ field: 'expiry' });
    expect(checkTestCard({ number: '4242424242424242', expiry: 'soon', cvc: '123' }, now)).toMatchObject({ field: 'expiry' });
    expect(checkTestCard({ number: '4242424242424242', expiry: '12/30', cvc: '12' }, now)).toMatchObject({ field: 'cvc' });
    expect(checkTestCard({ number: '378282246310005', expiry: '12/30', cvc: '123' }, now)).toMatchObject({ field: 'cvc' });
    expect(checkTestCard({ number: '378282246310005', expiry: '12/30', cvc: '1234' }, now)).toEqual({ ok: true });
  });

  it('declines real-looking numbers that are not test cards, with a hint', () => {
    expect(checkTestCard({ number: '4111111111111111', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('4242 4242 4242 4242'),
    });
  });
});
