import { parseRemotesManifest, type RemoteName, type RemotesManifest } from '@val/contracts';
import type { ComponentType } from 'react';

/**
 * Run-time remote loading on webpack's own Module Federation runtime:
 * `/remotes.json` (served by the BFF from its config) names each remote's `remoteEntry.js`;
 * loading one = add its script, which defines the global container `var <name>`, init that
 * container with the shell's share scope (one React, router, styled-components, ui, contracts)
 * and ask it for `./App`.
 */

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

const LOAD_TIMEOUT_MS = 15000;
let manifest: Promise<RemotesManifest> | null = null;
const containers = new Map<string, Promise<Container>>();

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Reads `/remotes.json` once (again after a failure). */
export function getManifest(): Promise<RemotesManifest> {
  if (!manifest) {
    manifest = fetch('/remotes.json', { cache: 'no-store' })
      .then((r) => {
        if (!r.ok) throw new Error(`remotes manifest: ${r.status}`);
        return r.json();
      })
      .then((json) => parseRemotesManifest(json))
      .catch((e) => {
        manifest = null;
        throw e;
      });
  }
  return manifest;
}

type ContainerWindow = Window & Record<string, Container | undefined>;

/** Adds the remote's entry script and resolves with its initialised container. */
function loadContainer(name: string, entry: string, fresh: boolean): Promise<Container> {
  const w = window as unknown as ContainerWindow;
  const cached = containers.get(name);
  if (cached && !fresh) return cached;
  const p = (async () => {
    if (fresh || !w[name]) {
      document.querySelectorAll(`script[data-remote-entry="${name}"]`).forEach((s) => s.remove());
      delete w[name];
      await new Promise<void>((resolve, reject) => {
        const s = document.createElement('script');
        // A retry must really refetch: a failed or stale entry may be in the HTTP cache.
        s.src = fresh ? `${entry}${entry.includes('?') ? '&' : '?'}r=${Date.now()}` : entry;
        s.async = true;
        s.dataset.remoteEntry = name;
        s.onload = () => resolve();
        s.onerror = () => reject(new Error(`Could not load ${entry}`));
        document.head.appendChild(s);
      });
    }
    const container = w[name];
    if (!container || typeof container.get !== 'function') throw new Error(`${entry} defined no container "${name}"`);
    await __webpack_init_sharing__('default');
    await container.init(__webpack_share_scopes__.default);
    return container;
  })();
  containers.set(name, p);
  p.catch(() => {
    if (containers.get(name) === p) containers.delete(name);
  });
  return p;
}

/**
 * Loads a remote's exposed `App`. `fresh` drops the cached container first, so a retry after a
 * failure really fetches the remote again.
 */
export async function loadRemoteApp<P>(key: RemoteName, fresh = false): Promise<ComponentType<P>> {
  const m = await getManifest();
  const entry = m.remotes.find((r) => r.key === key);
  if (!entry) throw new Error(`Remote ${key} is not configured`);
  const mod = await withTimeout(
    loadContainer(entry.name, entry.entry, fresh).then(async (c) => (await c.get('./App'))() as { default?: unknown }),
    LOAD_TIMEOUT_MS,
    `Loading ${key}`,
  );
  if (!mod || typeof mod.default !== 'function') throw new Error(`Remote ${key} exposes no App`);
  return mod.default as ComponentType<P>;
}
