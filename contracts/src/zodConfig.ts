import { z } from 'zod';

// In a browser, zod must not probe `new Function` for its JIT: our CSP forbids eval. Every
// *.schema.ts imports this first, so it runs before any schema is built (listed in sideEffects).
if (typeof window !== 'undefined') z.config({ jitless: true });
