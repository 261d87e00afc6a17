export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  libs: string[];
}
export function remoteEntrySizes(): Record<'validation' | 'simulation' | 'catalogue' | 'admin', number | null>;
export function criticalPathJs(
  url: string,
  opts?: { executablePath?: string; screen?: 'desktop' | 'phone' },
): Promise<{ files: JsFile[]; totalGzip: number; totalRaw: number }>;
export const FIRST_SCREENS: Record<'desktop' | 'phone', { viewport: { width: number; height: number }; readySelectors: string[] }>;
export const BUDGETS: { landingGzip: number; landingGate: number; remoteEntryGzip: number };
