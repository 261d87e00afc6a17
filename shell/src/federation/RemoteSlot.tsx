import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import type {
  AdminAppProps,
  CatalogueAppProps,
  RemoteName,
  SimulationAppProps,
  ValidationAppProps,
} from '@val/contracts';
import { Button, Spinner, t } from '@val/ui';
import { loadRemoteApp } from './remotes';

/** The props of each remote's exposed App. */
export interface RemotePropsMap {
  validation: ValidationAppProps;
  simulation: SimulationAppProps;
  catalogue: CatalogueAppProps;
  admin: AdminAppProps;
}

const loaded = new Map<RemoteName, ComponentType<never>>();

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
 * A federated remote in a slot of the page: reserves its space while loading, retries once,
 * and shows "This section is unavailable — Retry" instead of taking the page down.
 */
export function RemoteSlot<K extends RemoteName>({
  remote,
  props,
  minHeight = 240,
}: {
  remote: K;
  props: RemotePropsMap[K];
  minHeight?: number;
}) {
  const [App, setApp] = useState<ComponentType<RemotePropsMap[K]> | null>(
    () => (loaded.get(remote) as ComponentType<RemotePropsMap[K]> | undefined) ?? null,
  );
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (App && attempt === 0) return;
    let alive = true;
    const load = async () => {
      try {
        return await loadRemoteApp<RemotePropsMap[K]>(remote, attempt > 0);
      } catch (first) {
        console.warn(`Remote ${remote} failed to load, retrying`, first);
        await new Promise((r) => setTimeout(r, 400));
        return loadRemoteApp<RemotePropsMap[K]>(remote, true);
      }
    };
    load().then(
      (C) => {
        if (!alive) return;
        loaded.set(remote, C as ComponentType<never>);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote, attempt]);

  const retry = useCallback(() => {
    loaded.delete(remote);
    setApp(null);
    setFailed(false);
    setAttempt((a) => a + 1);
  }, [remote]);

  if (failed) return <Fallback min={minHeight} onRetry={retry} />;
  if (!App)
    return (
      <Center $min={minHeight} aria-busy="true" data-testid="remote-loading" style={{ borderStyle: 'none' }}>
        <Spinner />
      </Center>
    );
  return (
    <Box $min={0} data-remote-slot={remote}>
      <Boundary key={attempt} onError={() => setFailed(true)}>
        <App {...props} />
      </Boundary>
    </Box>
  );
}
