import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The system Chromium (Debian package `chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Launches the system Chromium (or the one at `executablePath`), failing loudly (never skipping) when it is not installed. */
export async function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. The browser tests need it: ` +
        'install it with `sudo apt-get update && sudo apt-get install -y chromium` ' +
        '(or set CHROMIUM_PATH to a Chromium/Chrome binary).',
    );
  }
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'dark' | 'light';
  /** The browser's time zone (an IANA name); the machine's by default. */
  timezoneId?: string;
}

/** A fresh context (empty storage) and page; page errors are collected for assertions. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    colorScheme: opts.colorScheme ?? 'dark',
    acceptDownloads: true,
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}
