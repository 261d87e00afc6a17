/** Theme tokens. Both themes are exposed as CSS custom properties on `:root[data-theme=…]`. */
export type ThemeName = 'dark' | 'light';
/** What the visitor chose: an explicit theme, or follow the operating system. */
export type ThemeMode = ThemeName | 'system';

export const THEME_STORAGE_KEY = 'theme';

export interface ThemeTokens {
  bg: string;
  bgElevated: string;
  bgSunken: string;
  text: string;
  textMuted: string;
  border: string;
  primary: string;
  primaryText: string;
  accent: string;
  purple: string;
  danger: string;
  success: string;
  focus: string;
  shadow: string;
}

export const themes: Record<ThemeName, ThemeTokens> = {
  dark: {
    bg: '#0b0d17',
    bgElevated: '#151829',
    bgSunken: '#080a12',
    text: '#eef0fa',
    textMuted: '#a3a9c4',
    border: '#2a2f4a',
    primary: '#7c5cff',
    primaryText: '#ffffff',
    accent: '#22d3ee',
    purple: '#a855f7',
    danger: '#f87171',
    success: '#34d399',
    focus: '#fbbf24',
    shadow: '0 8px 30px rgba(0,0,0,0.45)',
  },
  light: {
    bg: '#f7f7fb',
    bgElevated: '#ffffff',
    bgSunken: '#eceef6',
    text: '#151829',
    textMuted: '#545a78',
    border: '#d6d9e8',
    primary: '#5b3df5',
    primaryText: '#ffffff',
    accent: '#0e7490',
    purple: '#9333ea',
    danger: '#c81e1e',
    success: '#047857',
    focus: '#b45309',
    shadow: '0 8px 30px rgba(20,24,60,0.12)',
  },
};

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** CSS custom properties of one theme, e.g. `--val-bg: #0b0d17;`. */
export function themeVariables(name: ThemeName): string {
  return Object.entries(themes[name])
    .map(([k, v]) => `--val-${kebab(k)}: ${v};`)
    .join('\n');
}

/** `var(--val-…)` references for styled components: `color: ${t.text}`. */
export const t: Record<keyof ThemeTokens, string> = Object.fromEntries(
  Object.keys(themes.dark).map((k) => [k, `var(--val-${kebab(k)})`]),
) as Record<keyof ThemeTokens, string>;
