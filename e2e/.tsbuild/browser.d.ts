import { type Browser, type BrowserContext, type Page } from 'playwright-core';
/** The system Chromium (Debian package `chromium`). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
/** Launches the system Chromium, failing loudly (never skipping) when it is not installed. */
export declare function launchBrowser(): Promise<Browser>;
export interface PageOptions {
    width?: number;
    height?: number;
    colorScheme?: 'dark' | 'light';
}
/** A fresh context (empty storage) and page; page errors are collected for assertions. */
export declare function newPage(browser: Browser, opts?: PageOptions): Promise<{
    context: BrowserContext;
    page: Page;
    errors: string[];
}>;
