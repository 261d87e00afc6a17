import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
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

/**
 * The theme's state, outside React's tree: the provider's context value never changes, and only
 * the components that read the theme (`useTheme`) render again when it does. A context whose value
 * changed would reach every part of the page still waiting for its code, and React would render
 * those parts anew instead of hydrating the server's HTML (a theme switched early would throw away
 * the catalogue's cards, and the taps kept on them).
 */
interface ThemeStore {
  get(): ThemeContextValue;
  getServer(): ThemeContextValue;
  subscribe(onChange: () => void): () => void;
  /** Applies the theme to the page root and follows the OS; returns the clean-up. */
  start(): () => void;
}

const ThemeContext = createContext<ThemeStore | null>(null);

const noSubscription = () => () => undefined;

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

function createThemeStore(): ThemeStore {
  let mode = readStoredMode();
  let system = systemTheme();
  const listeners = new Set<() => void>();
  const setMode = (m: ThemeMode) => {
    mode = m;
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, m);
    } catch {
      /* storage blocked */
    }
    changed();
  };
  const valueOf = (md: ThemeMode, resolved: ThemeName): ThemeContextValue => ({
    mode: md,
    resolved,
    setMode,
    toggle: () => setMode(resolved === 'dark' ? 'light' : 'dark'),
  });
  let value = valueOf(mode, mode === 'system' ? system : mode);
  // What the server rendered: it cannot know the visitor's choice.
  const server = valueOf('system', 'dark');
  const apply = () => {
    document.documentElement.setAttribute('data-theme', value.resolved);
    document.documentElement.setAttribute('data-theme-mode', value.mode);
  };
  function changed() {
    const resolved = mode === 'system' ? system : mode;
    if (value.mode === mode && value.resolved === resolved) return;
    value = valueOf(mode, resolved);
    apply();
    for (const l of listeners) l();
  }
  return {
    get: () => value,
    getServer: () => server,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    start() {
      apply();
      if (!window.matchMedia) return () => undefined;
      const mq = window.matchMedia('(prefers-color-scheme: light)');
      const onChange = () => {
        system = mq.matches ? 'light' : 'dark';
        changed();
      };
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
  };
}

/** Applies the theme as `data-theme` on the page root; follows the OS live in system mode. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createThemeStore);
  useEffect(() => store.start(), [store]);
  return <ThemeContext.Provider value={store}>{children}</ThemeContext.Provider>;
}

let standalone: ThemeContextValue | null = null;
/** Outside a provider (a remote rendered standalone): the page root's theme, read once. */
function standaloneTheme(): ThemeContextValue {
  standalone ??= {
    mode: 'system',
    resolved: (typeof document !== 'undefined' && (document.documentElement.getAttribute('data-theme') as ThemeName)) || 'dark',
    setMode: () => undefined,
    toggle: () => undefined,
  };
  return standalone;
}

/** The theme: what is stored and what is shown, and the switches (from the server's default while the page hydrates). */
export function useTheme(): ThemeContextValue {
  const store = useContext(ThemeContext);
  return useSyncExternalStore(store ? store.subscribe : noSubscription, store ? store.get : standaloneTheme, store ? store.getServer : standaloneTheme);
}

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
