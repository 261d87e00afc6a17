/** Val's typed HTTP client and the Server-Sent Events reader (browser-storage helpers: `@val/client/browser`). */
export * from './client';
export * from './sse';
