export interface JsFile { url: string; raw: number; gzip: number; libs: string[] }
export function remoteEntrySizes(): Record<'validation' | 'simulation' | 'catalogue' | 'admin', number | null>;
export function criticalPathJs(url: string, opts?: { executablePath?: string; readySelector?: string }): Promise<{ files: JsFile[]; totalGzip: number; totalRaw: number }>;
export const BUDGETS: { landingGzip: number; remoteEntryGzip: number };
