import type { Page } from 'playwright-core';

/** The steps of the paid flow as a visitor takes them, shared by the paid-flow browser tests. */

export const HERO_BUTTON = 'Start Feasibility Study - $25';

/** Collects every alert (and accepts it). */
export function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

/** Fills the home page's feasibility hero at `base` and presses its button. */
export async function fillHero(page: Page, base: string, targetMarket: string, idea: string): Promise<void> {
  await page.goto(`${base}/`);
  const hero = page.locator('#hero [data-remote="catalogue"][data-view="hero"]');
  await hero.waitFor();
  await hero.locator('textarea[name="target_market"]').fill(targetMarket);
  await hero.locator('input[name="product_idea"]').fill(idea);
  await hero.getByRole('button', { name: HERO_BUTTON }).click();
}

/** Signs in on the embedded provider's "Development sign-in" page. */
export async function signInAtDevProvider(page: Page, email: string, name = ''): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="name"]').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Pays on the built-in TEST MODE checkout with `card`. */
export async function payOnTestCheckout(page: Page, card = '4242 4242 4242 4242'): Promise<void> {
  await page.waitForURL(/\/checkout\/test\/cs_test_/);
  await page.locator('input[name="number"]').fill(card);
  await page.locator('input[name="expiry"]').fill('12 / 34');
  await page.locator('input[name="cvc"]').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** Waits on /report/:id for the finished report; returns the id. */
export async function finishedReport(page: Page): Promise<string> {
  await page.waitForURL(/\/report\/[\w-]{16,}$/, { timeout: 20000 });
  await page.locator('[data-testid="report"][data-status="finished"]').waitFor({ timeout: 45000 });
  return page.url().split('/').pop() as string;
}
