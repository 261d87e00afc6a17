import { CONTACT_LIMITS, PARTNER_TOOLS } from '@val/contracts';
import { contactFieldErrors, contactRequestSchema } from '@val/contracts/schemas';
import { CLAIMS, DEFAULT_VALIDATED_BASELINE, PRESS, TESTIMONIALS, TRUST_BADGES, VALIDATION_ARTICLE, formatCount, visibleTrustBadges } from './copy';

describe('marketing content', () => {
  it('carries the spec’s claims', () => {
    expect(CLAIMS.aiAgents.value).toBe('10+');
    expect(CLAIMS.hoursSaved.value).toBe('90+');
    expect(CLAIMS.runtime.value).toBe('25m 54s');
    expect(CLAIMS.moneySaved.value).toBe('$15,000+');
    expect(CLAIMS.reportTime.value).toBe('30 seconds');
    expect(formatCount(DEFAULT_VALIDATED_BASELINE)).toBe('278,355');
  });

  it('has six complete testimonials and a press list', () => {
    expect(TESTIMONIALS).toHaveLength(6);
    for (const q of TESTIMONIALS) {
      expect(q.initial).toBe(q.name[0]);
      expect(q.place && q.quote).toBeTruthy();
    }
    expect(PRESS.length).toBeGreaterThanOrEqual(3);
  });

  it('points the article at three partner tools that exist', () => {
    expect(VALIDATION_ARTICLE.partnerCompanies).toHaveLength(3);
    for (const c of VALIDATION_ARTICLE.partnerCompanies) expect(PARTNER_TOOLS.some((p) => p.company === c)).toBe(true);
    expect(VALIDATION_ARTICLE.dateLabel).toBe('August 14, 2025');
  });

  it('formats counts with thousands separators, never negative', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567.9)).toBe('1,234,567');
    expect(formatCount(-5)).toBe('0');
  });

  it('shows enabled trust badges, narrowed by the deployment’s list', () => {
    const enabled = TRUST_BADGES.filter((b) => b.enabled).map((b) => b.id);
    expect(visibleTrustBadges().map((b) => b.id)).toEqual(enabled);
    expect(visibleTrustBadges(null).map((b) => b.id)).toEqual(enabled);
    expect(visibleTrustBadges(['gdpr']).map((b) => b.id)).toEqual(['gdpr']);
    expect(visibleTrustBadges([])).toEqual([]);
    expect(visibleTrustBadges(['unknown'])).toEqual([]);
  });
});

describe('contactRequestSchema', () => {
  const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };

  it('accepts a complete message and trims it', () => {
    expect(contactRequestSchema.parse({ ...valid, name: '  Ada ', email: ' ada@example.com ' })).toEqual(valid);
  });

  it('requires every field, with a message per field', () => {
    expect(contactFieldErrors({})).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      subject: 'Please add a subject',
      message: 'Please write a message',
    });
    expect(contactFieldErrors({ name: ' ', email: ' ', subject: '\n', message: '\t' })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      subject: 'Please add a subject',
      message: 'Please write a message',
    });
  });

  it('checks the email format', () => {
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com']) {
      expect(contactFieldErrors({ ...valid, email: bad })).toEqual({ email: 'Please enter a valid email address' });
    }
    expect(contactFieldErrors({ ...valid, email: 'ada.lovelace+val@mail.example.co.uk' })).toEqual({});
  });

  it('limits sizes', () => {
    expect(contactFieldErrors({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message) })).toEqual({});
    expect(contactFieldErrors({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })).toEqual({
      message: `Message must be at most ${CONTACT_LIMITS.message} characters`,
    });
    expect(contactFieldErrors({ ...valid, name: 'n'.repeat(CONTACT_LIMITS.name + 1) }).name).toMatch(/at most 100/);
  });

  it('rejects non-text values', () => {
    expect(contactFieldErrors({ ...valid, name: 42 })).toEqual({ name: 'Name must be text' });
    expect(contactFieldErrors(null)).toEqual({});
    expect(contactRequestSchema.safeParse(null).success).toBe(false);
  });
});

describe('runtimes come from one source', () => {
  it('the runtime claims are the feasibility study’s and the free validation’s runtimes', async () => {
    const { formatRuntime, FEASIBILITY_STUDY_ID, VALIDATION_RUNTIME_SECONDS } = await import('@val/contracts');
    const { getProduct } = await import('./catalogue');
    const study = getProduct(FEASIBILITY_STUDY_ID)!;
    expect(CLAIMS.runtime.value).toBe(formatRuntime(study.runtimeSeconds));
    expect(CLAIMS.runtime.label).toMatch(/feasibility study/);
    expect(CLAIMS.reportTime.value).toBe(formatRuntime(VALIDATION_RUNTIME_SECONDS));
    expect(CLAIMS.reportTime.label).toMatch(/validation/);
  });

  it('formats every runtime the same way', async () => {
    const { formatRuntime } = await import('@val/contracts');
    expect([30, 60, 180, 1554, 1].map(formatRuntime)).toEqual(['30 seconds', '1 minute', '3 minutes', '25m 54s', '1 second']);
  });
});
