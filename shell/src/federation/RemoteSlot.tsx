import {
  Component,
  Suspense,
  use,
  useCallback,
  type JSX,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  type RefObject,
} from 'react';
import styled from 'styled-components';
import type { RemoteName } from '@val/contracts';
import { Button, Spinner, t } from '@val/ui';
import { loadedRemoteApp, loadRemoteApp } from './remotes';
import { useServerParts } from './serverParts';
import type { RemoteExposes } from './types';

const Box = styled.div<{ $min: number }>`
  min-height: ${(p) => p.$min}px;
`;
const Center = styled.div<{ $min: number }>`
  min-height: ${(p) => p.$min}px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  text-align: center;
  color: ${t.textMuted};
  border: 1px dashed ${t.border};
  border-radius: 16px;
  padding: 24px;
`;

function Fallback({ min, onRetry }: { min: number; onRetry: () => void }) {
  return (
    <Center $min={min} role="alert" data-testid="remote-fallback">
      <p style={{ margin: 0 }}>This section is unavailable</p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </Center>
  );
}

class Boundary extends Component<{ onError: (e: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Remote crashed while rendering', error, info.componentStack);
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Resolves true once the slot should load: right away when it is on screen (or near it), else
 * when it scrolls within 200 px, or when the browser is idle after the page has loaded — so
 * sections below the fold stay off the critical path but are ready before anyone gets there.
 */
function useWhenNeeded(ref: RefObject<HTMLElement | null>, eager: boolean, preview: boolean): boolean {
  const [go, setGo] = useState(eager);
  useEffect(() => {
    if (go) return;
    // A server preview is on screen already: what matters is its first control coming near (the
    // heading of a section can show on the first screen while its form is below it), or a touch.
    const el = preview ? (ref.current?.querySelector<HTMLElement>('textarea, input, select, button') ?? ref.current) : ref.current;
    let idleId: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => setGo(true);
    const io =
      el && 'IntersectionObserver' in window
        ? // A preview's control loads its code once on screen (its HTML already shows); a slot with nothing yet, 200 px before.
          new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: preview ? '0px' : '200px 0px' })
        : null;
    if (io && el) io.observe(el);
    const touched = preview ? ref.current : null;
    touched?.addEventListener('pointerdown', fire, { once: true });
    // Two seconds after `load`, at the next idle moment: the visible slots have the network first.
    const whenIdle = () => {
      timer = setTimeout(() => {
        const ric = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
        if (ric) idleId = ric(fire, { timeout: 1500 });
        else fire();
      }, 2000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    if (!io) fire();
    return () => {
      io?.disconnect();
      touched?.removeEventListener('pointerdown', fire);
      window.removeEventListener('load', whenIdle);
      if (idleId !== undefined) (window as Window & { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(idleId);
      if (timer) clearTimeout(timer);
    };
  }, [go, ref, preview]);
  return go;
}

/**
 * The HTML the server rendered for a preview slot (`data-preview="<remote>/<expose>"`), read from
 * the page before hydration; null when the page was not server-rendered (or has no such preview).
 */
function serverPreview(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.querySelector(`[data-preview="${id}"]`);
  return el ? el.innerHTML : null;
}

/**
 * A federated remote in a slot of the page: reserves its space while loading, and after the
 * runtime's retries shows "This section is unavailable — Retry" instead of taking the page down. Slots below
 * the fold load when they come near or when the browser is idle (`eager` loads at once).
 */
export function RemoteSlot<K extends RemoteName, E extends keyof RemoteExposes[K] & string>({
  remote,
  expose,
  props,
  minHeight = 240,
  eager = false,
  preview = false,
}: {
  remote: K;
  /** The exposed module (`./<expose>`). */
  expose: E;
  props: RemoteExposes[K][E];
  minHeight?: number;
  eager?: boolean;
  /**
   * The server renders the remote here as a preview: its HTML shows (inert) from the first paint,
   * and its code loads only when its first control comes near the screen, on a touch, or when the
   * browser is idle after load; then the live remote takes its place. For a section whose top is on
   * the first screen but whose controls are below it (the lab on a desktop).
   */
  preview?: boolean;
}) {
  type P = RemoteExposes[K][E];
  const id = `${remote}/${expose}`;
  const holder = useRef<HTMLDivElement>(null);
  const server = useServerParts();
  // On the server, the remote's server part (when the BFF has it); in the browser, the remote if it
  // has loaded already.
  const [App, setApp] = useState<ComponentType<P> | null>(
    () => (server?.components[id] as ComponentType<P> | undefined) ?? loadedRemoteApp<P>(remote, expose) ?? null,
  );
  // A part the server rendered and whose code is still on its way: the page hydrates without
  // waiting for it, and this slot's boundary keeps the server's HTML until the code is there; React
  // then hydrates it (a tap on it before that is kept and replayed then: shell/public/tapKeeper.js).
  const [coming] = useState(() => (!server && !App && isServerRenderedPart(id) ? loadRemoteApp<P>(remote, false, expose) : null));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [previewHtml] = useState(() => (preview && !server && !App ? serverPreview(id) : null));
  const needed = useWhenNeeded(holder, eager || App !== null, previewHtml !== null);

  useEffect(() => {
    // A part on its way (`coming`) is hydrated by its own promise: a state change here while its
    // boundary is still waiting would make React throw the server's HTML away and render it anew
    // (and lose the taps kept on it).
    if (!needed || (App && attempt === 0) || (coming && attempt === 0)) return;
    let alive = true;
    // The federation runtime plugin already retried (./runtimePlugins.ts); a failure here is final
    // until the visitor presses Retry, which reloads the remote from scratch.
    loadRemoteApp<P>(remote, attempt > 0, expose).then(
      (C) => {
        if (!alive) return;
        setApp(() => C);
        setFailed(false);
      },
      (e) => {
        console.error(`Remote ${remote} is unavailable`, e);
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `id` stands for remote and expose; App is left out on purpose: the App a load sets must not start another load
  }, [id, attempt, needed]);

  const retry = useCallback(() => {
    setApp(null);
    setFailed(false);
    setAttempt((a) => a + 1);
  }, []);

  if (failed) return <Fallback min={minHeight} onRetry={retry} />;
  // The server's preview, as it rendered it (the same HTML, so hydration keeps it), until the remote loads.
  if (!App && previewHtml !== null)
    return <Box ref={holder} $min={minHeight} data-remote-slot={remote} data-preview={id} inert dangerouslySetInnerHTML={{ __html: previewHtml }} />;
  if (server && preview && App)
    return (
      <Box $min={minHeight} data-remote-slot={remote} data-preview={id} inert>
        <Suspense fallback={null}>
          <App {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </Box>
    );
  if (!App && !(coming && attempt === 0))
    return (
      <Center ref={holder} $min={minHeight} aria-busy="true" data-testid="remote-loading" style={{ borderStyle: 'none' }}>
        <Spinner />
      </Center>
    );
  return (
    <Box $min={0} data-remote-slot={remote}>
      <Boundary key={attempt} onError={() => setFailed(true)}>
        {/* A remote that fails in the server render leaves this boundary to the browser (React renders it there). */}
        <Suspense fallback={<Box $min={minHeight} aria-busy="true" />}>
          <RemoteApp<P> component={App} coming={coming} props={props as P} />
        </Suspense>
      </Boundary>
    </Box>
  );
}

/** The remote's component: the loaded one, or the one on its way (suspends until it is there). One type either way, so it never remounts. */
function RemoteApp<P>({ component, coming, props }: { component: ComponentType<P> | null; coming: Promise<ComponentType<P>> | null; props: P }) {
  const C = component ?? use(coming as Promise<ComponentType<P>>);
  return <C {...(props as P & JSX.IntrinsicAttributes)} />;
}

let serverParts: Set<string> | undefined;

/** Whether the page's HTML holds this part as the server rendered it (`<div id="root" data-ssr="catalogue/Hero …">`). */
function isServerRenderedPart(id: string): boolean {
  if (typeof document === 'undefined') return false;
  serverParts ??= new Set((document.getElementById('root')?.getAttribute('data-ssr') ?? '').split(' ').filter(Boolean));
  return serverParts.has(id);
}
