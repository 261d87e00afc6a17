import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { THEME_STORAGE_KEY, type ThemeMode, type ThemeName } from './theme';

export interface ThemeContextValue {
  /** What is stored: light, dark or system. */
  mode: ThemeMode;
  /** What is shown. */
  resolved: ThemeName;
  setMode: (mode: ThemeMode) => void;
  /** Flips between dark and light (stores an explicit choice). */
  toggle: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStoredMode(): ThemeMode {
  try {
    const v = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (v === 'light' || v === 'dark' || v === 'system') return v;
  } catch {
    /* storage blocked */
  }
  return 'system';
}

/** The system's theme: light only when the OS asks for light; otherwise the app's default, dark. */
function systemTheme(): ThemeName {
  if (typeof window === 'undefined' || !window.matchMedia) return 'dark';
  return window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/** Applies the theme as `data-theme` on the page root; follows the OS live in system mode. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readStoredMode);
  const [system, setSystem] = useState<ThemeName>(systemTheme);

  useEffect(() => {
    if (!window.matchMedia) return;
    const mq = window.matchMedia('(prefers-color-scheme: light)');
    const onChange = () => setSystem(mq.matches ? 'light' : 'dark');
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const resolved: ThemeName = mode === 'system' ? system : mode;

  useEffect(() => {
    document.documentElement.setAttribute('data-theme', resolved);
    document.documentElement.setAttribute('data-theme-mode', mode);
  }, [resolved, mode]);

  const setMode = useCallback((m: ThemeMode) => {
    setModeState(m);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, m);
    } catch {
      /* storage blocked */
    }
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ mode, resolved, setMode, toggle: () => setMode(resolved === 'dark' ? 'light' : 'dark') }),
    [mode, resolved, setMode],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme context; outside a provider it reads the page root (remotes rendered standalone). */
export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (ctx) return ctx;
  const resolved = (document.documentElement.getAttribute('data-theme') as ThemeName) || 'dark';
  return { mode: 'system', resolved, setMode: () => undefined, toggle: () => undefined };
}

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates the server's HTML, true after (and from the first
 * render of a page rendered in the browser): what differs between server and browser is shown once
 * this is true, so hydration finds the HTML it expects. Use it in the component that shows the
 * difference, not in a provider: a context that changes right after hydration makes React render
 * again, from scratch, every part of the page still waiting for its code (a lazy page).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A form's controls, disabled until the page is hydrated: in server-rendered HTML a form cannot do
 * anything yet (its handler is not there), and a native submit would put what was typed in the
 * address (a GET to the page). It lays nothing out itself (`display: contents`).
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
