import { DEFAULT_VALIDATED_BASELINE } from '@val/content';
import { ConfigError, loadConfig } from '../../config/env';
import { json, startTestApp, type TestApp } from '../../../test/app';
import { testDbs } from '../../../test/db';
import { PUBLIC_STATS_TTL_MS } from './router';

const validation = (i: number) => ({
  idea: `Idea ${i}`,
  targetCustomer: 'Founders',
  problemSolved: 'Guessing',
  feedback: '## Score\n7/10',
  provider: 'offline' as const,
});

describe.each(testDbs)('GET /api/public-stats on $label', (dbKind) => {
  afterEach(() => jest.restoreAllMocks());

  it('counts stored validations on top of the default baseline, and shows every enabled badge', async () => {
    const app = await startTestApp({ dbKind });
    try {
      const r = await app.fetch('/api/public-stats');
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=30');
      expect(await json(r)).toEqual({ entrepreneursValidated: DEFAULT_VALIDATED_BASELINE, trustBadges: ['soc2', 'gdpr'] });
    } finally {
      await app.close();
    }
  });

  it('grows with stored validations, reusing one answer for 30 seconds', async () => {
    const app: TestApp = await startTestApp({ dbKind, env: { VALIDATED_BASELINE: '1000' } });
    try {
      for (let i = 0; i < 3; i++) await app.deps.repos.validations.create(validation(i));
      expect((await json(await app.fetch('/api/public-stats'))).entrepreneursValidated).toBe(1003);

      await app.deps.repos.validations.create(validation(4));
      expect((await json(await app.fetch('/api/public-stats'))).entrepreneursValidated).toBe(1003);

      const later = Date.now() + PUBLIC_STATS_TTL_MS + 1000;
      jest.spyOn(Date, 'now').mockReturnValue(later);
      expect((await json(await app.fetch('/api/public-stats'))).entrepreneursValidated).toBe(1004);
    } finally {
      await app.close();
    }
  });

  it('answers concurrent requests with one count', async () => {
    const app = await startTestApp({ dbKind, env: { VALIDATED_BASELINE: '0' } });
    try {
      await app.deps.repos.validations.create(validation(1));
      const spy = jest.spyOn(app.deps.repos.validations, 'count');
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.fetch('/api/public-stats').then(json)));
      expect(answers.every((a) => a.entrepreneursValidated === 1)).toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });

  it('shows only the badges the deployment allows', async () => {
    const gdpr = await startTestApp({ dbKind, env: { TRUST_BADGES: 'gdpr' } });
    try {
      expect((await json(await gdpr.fetch('/api/public-stats'))).trustBadges).toEqual(['gdpr']);
    } finally {
      await gdpr.close();
    }
    const none = await startTestApp({ dbKind, env: { TRUST_BADGES: 'none' } });
    try {
      expect((await json(await none.fetch('/api/public-stats'))).trustBadges).toEqual([]);
    } finally {
      await none.close();
    }
  });

  it('serves the last known answer when the database fails, and a 503 when it has none', async () => {
    const app = await startTestApp({ dbKind, env: { VALIDATED_BASELINE: '5' } });
    try {
      const count = jest.spyOn(app.deps.repos.validations, 'count');
      count.mockRejectedValueOnce(new Error('db down'));
      const r = await app.fetch('/api/public-stats');
      expect(r.status).toBe(503);
      expect((await json(r)).error.code).toBe('unavailable');

      expect((await json(await app.fetch('/api/public-stats'))).entrepreneursValidated).toBe(5);
      count.mockRejectedValueOnce(new Error('db down'));
      jest.spyOn(Date, 'now').mockReturnValue(Date.now() + PUBLIC_STATS_TTL_MS + 1000);
      const stale = await app.fetch('/api/public-stats');
      expect(stale.status).toBe(200);
      expect((await json(stale)).entrepreneursValidated).toBe(5);
    } finally {
      await app.close();
    }
  });
});

describe('public-stats configuration', () => {
  it('defaults the baseline to 278,355 and badges to the content module', () => {
    const c = loadConfig({});
    expect(c.VALIDATED_BASELINE).toBe(278355);
    expect(c.TRUST_BADGES).toBeNull();
    expect(loadConfig({ VALIDATED_BASELINE: '' }).VALIDATED_BASELINE).toBe(278355);
    expect(loadConfig({ TRUST_BADGES: ' SOC2 , gdpr ' }).TRUST_BADGES).toEqual(['soc2', 'gdpr']);
  });

  it('rejects a negative baseline and an unknown badge', () => {
    let err: unknown;
    try {
      loadConfig({ VALIDATED_BASELINE: '-1', TRUST_BADGES: 'iso27001' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    expect(problems).toMatch(/VALIDATED_BASELINE/);
    expect(problems).toMatch(/TRUST_BADGES: unknown badge iso27001/);
  });
});
