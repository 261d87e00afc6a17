import type { Browser, Page } from 'playwright-core';
import { PARTNER_TOOLS } from '@val/contracts';
import { BUSINESS_SCHOOL_QUOTE, CONTACT_SENT_TOAST, NEWSLETTER, RATING_BADGE, TESTIMONIALS, VALIDATION_ARTICLE } from '@val/content';
import { launchBrowser, newPage } from './browser';
import { startTestServer, stopTestServers, type TestServer } from './server';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer()]);
});
afterAll(async () => {
  await browser?.close();
  await stopTestServers();
});

const VALIDATION = {
  idea: 'Meal plans for night-shift nurses',
  targetCustomer: 'Nurses on rotating shifts',
  problemSolved: 'Eating well at 3 a.m.',
  feedback: '## Score\n7/10\n\n## Market\nLarge and underserved.',
};

/** The visible text of the main area. */
const mainText = (page: Page) => page.locator('main').innerText();

/** True when the element's top edge is inside the viewport (below the sticky header). */
async function topInViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const top = el.getBoundingClientRect().top;
    return top > -120 && top < window.innerHeight * 0.5;
  }, selector);
}

async function waitUntilInView(page: Page, selector: string, timeout = 8000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await topInViewport(page, selector)) return;
    await page.waitForTimeout(150);
  }
  throw new Error(`${selector} never scrolled into view`);
}

describe('static pages', () => {
  const pages: Array<[string, string, string[]]> = [
    ['/about', 'About Val', ['Why Val exists', 'Featured In', 'Product Hunt', 'Get in touch', 'Send Message']],
    [
      '/terms',
      'Terms of Service',
      ['18 or older', 'illegal', 'harmful', 'pornographic', 'payment provider', 'paid sales are final and we do not offer refunds'],
    ],
    ['/privacy', 'Privacy Policy', ['Validations.', 'Click events.', 'Emails of buyers.', 'Cookies', 'Your rights']],
    [
      '/validation-strategy',
      VALIDATION_ARTICLE.title,
      [
        'August 14, 2025',
        'Build a small AI tool as a lead magnet',
        'Start a newsletter for the same people',
        'Drive traffic with short video',
        'Work the newsletter',
        'Optimise for AI agents',
        'Try AI Validation Free',
      ],
    ],
    ['/founder', 'The founder', ['The short version', 'What I believe']],
    ['/consulting', 'Consulting', ['Idea review call', 'Validation sprint', 'Team workshop']],
    ['/security', 'Security', ['Card numbers never reach our servers', 'Rate limits', 'About our badges', 'Found a problem?']],
  ];

  it.each(pages)('%s shows its heading and key texts, and fits 375 px', async (path, heading, texts) => {
    const { page, errors, context } = await newPage(browser, { width: 375 });
    await page.goto(server.url + path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const text = await mainText(page);
    for (const t of texts) expect(text).toContain(t);
    expect(await page.title()).toContain(heading);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links the article to three partner tools, the readiness test and the professional network', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/validation-strategy');
    for (const company of VALIDATION_ARTICLE.partnerCompanies) {
      const tool = PARTNER_TOOLS.find((p) => p.company === company)!;
      const link = page.getByRole('link', { name: `Try ${tool.name}` });
      expect(await link.getAttribute('href')).toBe(tool.url);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(await page.locator('a[rel~="sponsored"]').count()).toBe(3);
    const readiness = page.getByRole('link', { name: /AI-agent readiness test/ });
    expect(await readiness.getAttribute('href')).toBe(VALIDATION_ARTICLE.agentReadinessTestUrl);
    const linkedIn = page.locator('main').getByRole('link', { name: /^LinkedIn/ });
    expect(await linkedIn.getAttribute('href')).toBe(VALIDATION_ARTICLE.professionalNetworkUrl);

    await page.getByRole('link', { name: '← Back to home' }).click();
    await page.waitForURL(server.url + '/');
    await context.close();
  });

  it("'Try AI Validation Free' lands on the validation section", async () => {
    const { page, context } = await newPage(browser);
    // Tapped as soon as it shows: it is a link, so it works before the page's code arrives.
    await page.goto(server.url + '/validation-strategy', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Try AI Validation Free' }).click();
    await page.waitForURL(server.url + '/#validation');
    await page.locator('#validate [data-remote="validation"]').waitFor();
    await waitUntilInView(page, '#validate');
    // It stays there while the remotes above finish loading.
    await page.waitForTimeout(1500);
    expect(await topInViewport(page, '#validate')).toBe(true);
    await context.close();
  });

  it('/old is the older home: the lab and the resources, without step 3 or marketing', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/old');
    await page.locator('#validate [data-remote="validation"][data-view="lab"]').waitFor();
    await page.locator('#resources [data-remote="validation"][data-view="resources"]').waitFor();
    expect(await page.locator('#simulate').count()).toBe(0);
    expect(await page.getByTestId('testimonials').count()).toBe(0);
    await context.close();
  });
});

describe('the contact form', () => {
  it('shows required and email errors, then sends, shows the toast and clears the fields', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url + '/about');
    const form = page.getByTestId('contact-form');
    const submit = form.getByTestId('contact-submit');

    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posted++;
    });

    await submit.click();
    for (const msg of ['Please enter your name', 'Please enter your email', 'Please add a subject', 'Please write a message']) {
      await form.getByText(msg).waitFor();
    }
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada-at-example');
    await form.getByLabel('Subject').fill('Partnership');
    await form.getByLabel('Message').fill('I would love to talk about Val.');
    await expect(form.getByText('Please enter your name').count()).resolves.toBe(0);
    await submit.click();
    await form.getByText('Please enter a valid email address').waitFor();
    expect(posted).toBe(0);

    await form.getByLabel('Email').fill('ada@example.com');
    await expect(form.getByText('Please enter a valid email address').count()).resolves.toBe(0);

    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    const started = Date.now();
    await submit.click();
    await form.getByRole('button', { name: 'Sending...' }).waitFor();
    expect(await form.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    const res = await response;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Partnership',
      message: 'I would love to talk about Val.',
    });

    const toast = page.getByTestId('toast');
    await toast.getByText(CONTACT_SENT_TOAST.title).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await toast.innerText()).toContain(CONTACT_SENT_TOAST.description);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(await form.getByLabel(label).inputValue()).toBe('');
    }
    await form.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(posted).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server’s reason when the message is refused', async () => {
    const { page, context } = await newPage(browser);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'Please wait a few minutes and try again.' } }),
      }),
    );
    await page.goto(server.url + '/about');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill('Ada');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Subject').fill('Hi');
    await form.getByLabel('Message').fill('Hello');
    await form.getByTestId('contact-submit').click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Message not sent').waitFor();
    expect(await toast.innerText()).toContain('Please wait a few minutes and try again.');
    expect(await form.getByLabel('Name').inputValue()).toBe('Ada');
    await context.close();
  });
});

describe('the home page', () => {
  it('shows the live count, the claims, six testimonials, the newsletter and the closing call-to-action', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url + '/');
    const count = page.getByTestId('entrepreneurs-validated');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="entrepreneurs-validated"]')?.textContent ?? ''));
    expect(await count.innerText()).toBe('278,355');
    const proof = await page.getByTestId('proof-bar').innerText();
    for (const claim of ['10+', '90+', '25m 54s', '$15,000+', '30 seconds']) expect(proof).toContain(claim);
    expect(await page.getByTestId('closing-cta').innerText()).toContain('30 seconds');
    expect(await page.getByTestId('rating-badge').getAttribute('href')).toBe(RATING_BADGE.url);
    await page.getByTestId('trust-badge-soc2').waitFor();
    await page.getByTestId('trust-badge-gdpr').waitFor();
    expect(await page.locator('main').innerText()).toContain(BUSINESS_SCHOOL_QUOTE.quote);

    const testimonials = page.getByTestId('testimonials');
    expect(await testimonials.locator('li').count()).toBe(6);
    for (const q of TESTIMONIALS) expect(await testimonials.innerText()).toContain(q.name);

    const newsletter = page.getByTestId('newsletter-link');
    expect(await newsletter.getAttribute('href')).toBe(NEWSLETTER.url);
    expect(await newsletter.getAttribute('target')).toBe('_blank');

    expect(await page.getByTestId('how-ideas-are-validated').count()).toBe(0);
    await page.getByRole('button', { name: 'Validate my idea now' }).click();
    await waitUntilInView(page, '#validate');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("swaps the bottom sections for 'How Ideas Are Validated' after a validation, and back on Start over", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.getByTestId('testimonials').waitFor();
    await page.evaluate((v) => localStorage.setItem('val.validation', JSON.stringify(v)), VALIDATION);
    await page.reload();

    const how = page.getByTestId('how-ideas-are-validated');
    await how.getByRole('heading', { name: 'How Ideas Are Validated' }).waitFor();
    for (const id of ['testimonials', 'newsletter-cta', 'closing-cta']) expect(await page.getByTestId(id).count()).toBe(0);

    await page.getByTestId('start-over').click();
    await page.getByTestId('start-over-confirm').getByRole('button', { name: 'Yes, start over' }).click();
    await page.getByTestId('testimonials').waitFor();
    await page.getByTestId('newsletter-cta').waitFor();
    await page.getByTestId('closing-cta').waitFor();
    expect(await page.getByTestId('how-ideas-are-validated').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('val.validation'))).toBeNull();

    await page.evaluate((v) => localStorage.setItem('val.validation', JSON.stringify(v)), VALIDATION);
    await page.reload();
    await how.getByRole('link', { name: /validation strategy/ }).click();
    await page.getByRole('heading', { level: 1, name: VALIDATION_ARTICLE.title }).waitFor();
    await context.close();
  });
});

describe('links', () => {
  it('every footer link resolves to a real page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/about');
    const footer = page.locator('footer');
    const links = await footer.locator('nav a').evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(links.map(([, href]) => href).sort()).toEqual(
      ['/#products', '/about', '/api', '/consulting', '/enterprise', '/privacy', '/security', '/terms'].sort(),
    );
    for (const [label, href] of links) {
      await page.goto(server.url + '/about');
      await footer.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(server.url + href);
      if (href === '/#products') {
        await page.locator('#products [data-remote="catalogue"]').waitFor();
        await waitUntilInView(page, '#products');
      } else {
        await page.locator('main h1, main h2, main [data-remote]').first().waitFor();
      }
      expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
    }
    await context.close();
  });

  it('no internal link on the static pages lands on the 404 screen', async () => {
    const { page, context } = await newPage(browser);
    const seen = new Set<string>();
    for (const path of ['/', '/about', '/terms', '/privacy', '/validation-strategy', '/founder', '/consulting', '/api', '/security']) {
      await page.goto(server.url + path);
      await page.locator('main h1, main h2').first().waitFor();
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      // Links into the API (e.g. /api's link to its OpenAPI document) are data, not pages.
      hrefs.filter((h) => !h.startsWith('/api/')).forEach((h) => seen.add(h.split('#')[0] || '/'));
    }
    expect(seen.size).toBeGreaterThan(8);
    for (const href of seen) {
      await page.goto(server.url + href);
      await page.locator('main h1, main h2, main [data-remote], main [data-testid="remote-loading"]').first().waitFor();
      expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
    }
    await context.close();
  });
});

describe('the mobile menu at 375 px', () => {
  it('opens, shows About and the theme switch, and switches the theme', async () => {
    const { page, context } = await newPage(browser, { width: 375, colorScheme: 'dark' });
    await page.goto(server.url + '/');
    expect(await page.getByTestId('theme-toggle').isVisible()).toBe(false);
    const button = page.getByTestId('mobile-menu-button');
    await button.click();
    const menu = page.getByTestId('mobile-menu');
    await menu.getByRole('link', { name: 'About' }).waitFor();
    await menu.getByRole('button', { name: 'Light Mode' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await menu.getByRole('button', { name: 'Dark Mode' }).waitFor();
    await menu.getByRole('button', { name: 'Dark Mode' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');

    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    await button.click();
    await page.getByTestId('mobile-menu').getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Val' }).waitFor();
    expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    await context.close();
  });
  it.each(['/about', '/'])('on %s, tapping a menu link closes the menu, the link of the page already shown too', async (start) => {
    // A phone: touch taps, not mouse clicks.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'light', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url + start);
    for (let i = 0; i < 2; i++) {
      // The first tap leaves `start` for /about (or stays on it); the second is on the page already shown.
      await page.getByTestId('mobile-menu-button').tap();
      const menu = page.getByTestId('mobile-menu');
      await menu.getByRole('link', { name: 'About' }).tap();
      await page.getByRole('heading', { level: 1, name: 'About Val' }).waitFor();
      await page.waitForTimeout(300);
      expect(await page.getByTestId('mobile-menu').count()).toBe(0);
      expect(await page.getByTestId('mobile-menu-button').getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByTestId('mobile-menu-button').getAttribute('aria-label')).toBe('Open menu');
    }
    expect(new URL(page.url()).pathname).toBe('/about');
    // The logo is the home link: on the home page it scrolls to the top, and the menu closes as well.
    await page.goto(server.url + '/');
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('mobile-menu-button').tap();
      await page.getByTestId('mobile-menu').waitFor();
      await page.getByRole('banner').getByRole('button', { name: /Val/ }).tap();
      await page.waitForTimeout(300);
      expect(await page.getByTestId('mobile-menu').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a deployment with its own baseline and no trust badges', () => {
  let custom: TestServer;
  beforeAll(async () => {
    custom = await startTestServer({ VALIDATED_BASELINE: '1000', TRUST_BADGES: 'none' });
  });
  afterAll(() => custom?.stop());

  it('shows its count and hides the badges', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(custom.url + '/');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="entrepreneurs-validated"]')?.textContent ?? ''));
    expect(await page.getByTestId('entrepreneurs-validated').innerText()).toBe('1,000');
    await page.getByTestId('rating-badge').waitFor();
    expect(await page.locator('[data-testid^="trust-badge-"]').count()).toBe(0);
    await context.close();
  });
});
