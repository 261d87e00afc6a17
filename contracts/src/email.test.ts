import { emailSchema } from './email.schema';
import { isEmailAddress, normalizeEmail } from './email';
import { contactRequestSchema } from './content.schema';
import { feasibilityStartRequestSchema, checkoutRequestSchema } from './paid.schema';
import { trackProductClickRequestSchema } from './analytics.schema';

describe('the email rule', () => {
  it.each([
    'ada@example.com',
    'Zoë.Tester@Example.org',
    'first.last+tag@sub.example.co.uk',
    'jörg@bücher.de',
    '用户@例子.中国',
    'θσερ@παράδειγμα.ελ',
    'a@xn--bcher-kva.de',
    "o'brien@example.ie",
  ])('accepts %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'ada@',
    'ada@example',
    'a b@example.com',
    'ada@@example.com',
    'ada@exa mple.com',
    '.ada@example.com',
    'ada.@example.com',
    'a..da@example.com',
    'ada@-example.com',
    'ada@example.c0m',
    'ada@example.com\u0000',
    'ad\u200ba@example.com',
    `${'a'.repeat(65)}@example.com`,
    `ada@${'a'.repeat(250)}.com`,
    '"quoted"@example.com',
    'ada@[127.0.0.1]',
  ])('refuses %j', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });

  it('normalises to NFC lower case, so the decomposed and composed ë are one address', () => {
    expect(normalizeEmail(' Zoe\u0308.Tester@Example.ORG ')).toBe('zo\u00eb.tester@example.org');
    expect(emailSchema().parse('Zoë.Tester@Example.org')).toBe('zoë.tester@example.org');
  });

  it('is the rule of the start, checkout, contact and click-tracking bodies', () => {
    const email = 'Zoë.Tester@Example.org';
    expect(feasibilityStartRequestSchema.parse({ email }).email).toBe('zoë.tester@example.org');
    expect(checkoutRequestSchema.parse({ email }).email).toBe('zoë.tester@example.org');
    expect(contactRequestSchema.safeParse({ name: 'Zoë', email, subject: 'Hi', message: 'Hello' }).success).toBe(true);
    expect(trackProductClickRequestSchema.safeParse({ product: 'tam-assessment-for-ideas', location: 'purchase', inputs: 1, email }).success).toBe(true);
    const bad = feasibilityStartRequestSchema.safeParse({ email: 'not an email' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('email must be a valid email address');
  });
});
