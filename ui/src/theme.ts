/**
 * Theme tokens. Both themes are exposed as CSS custom properties on `:root[data-theme=…]`.
 * Every text meets WCAG AA (4.5:1, 3:1 for large text) in both themes, checked by axe-core in
 * the browser tests: a colour used as a fill (`primary`, `purple`, `accent`, `danger`) has its
 * own text colour on top (`…Text`), and its text-on-page variant (`…Ink`) where it colours words.
 */
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
  /** Buttons, active tabs, bars: a fill. */
  primary: string;
  /** Text on a primary fill. */
  primaryText: string;
  /** The primary colour for words and links on the page's backgrounds. */
  primaryInk: string;
  /** Links and small accents as text; also a badge fill. */
  accent: string;
  /** Text on an accent fill. */
  accentText: string;
  /** Step pills, highlighted cards: a fill or border. */
  purple: string;
  /** Text on a purple fill. */
  purpleText: string;
  /** The purple for words on the page's backgrounds. */
  purpleInk: string;
  danger: string;
  /** Text on a danger fill (destructive buttons and toasts). */
  dangerText: string;
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
    primary: '#6d4aff',
    primaryText: '#ffffff',
    primaryInk: '#a08cff',
    accent: '#22d3ee',
    accentText: '#0b0d17',
    purple: '#8e44e8',
    purpleText: '#ffffff',
    purpleInk: '#c084fc',
    danger: '#f87171',
    dangerText: '#0b0d17',
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
    primaryInk: '#5b3df5',
    accent: '#0e7490',
    accentText: '#ffffff',
    purple: '#9333ea',
    purpleText: '#ffffff',
    purpleInk: '#7e22ce',
    danger: '#c81e1e',
    dangerText: '#ffffff',
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
export const t: Record<keyof ThemeTokens, string> = Object.fromEntries(Object.keys(themes.dark).map((k) => [k, `var(--val-${kebab(k)})`])) as Record<
  keyof ThemeTokens,
  string
>;
