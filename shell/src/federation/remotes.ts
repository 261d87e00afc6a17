import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesManifest, type RemoteName, type RemotesManifest } from '@val/contracts';
import type { ComponentType } from 'react';

/**
 * Run-time remote loading with the Module Federation 2.0 runtime (`@module-federation/enhanced`):
 * the remote list (`GET /remotes.json`, which the BFF also inlines into the page as
 * `<script id="val-remotes" type="application/json">`) names each remote's `mf-manifest.json`
 * (or its `remoteEntry.js`); they are registered once, and `loadRemote('<name>/<expose>')` does the
 * rest: manifest, entry, shared singletons from the shell, the exposed module's chunks. Retries
 * and fresh manifests are the runtime plugin's job (./runtimePlugins.ts).
 */

const LOAD_TIMEOUT_MS = 20000;
let manifest: Promise<RemotesManifest> | null = null;
let read: RemotesManifest | undefined;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** The remote list inlined into the page by the BFF, if any (read once). */
function inlinedList(): unknown {
  const el = document.getElementById('val-remotes');
  if (!el?.textContent) return undefined;
  el.remove();
  try {
    return JSON.parse(el.textContent);
  } catch {
    return undefined;
  }
}

/** The remote list (inlined in the page, else `/remotes.json`), read once and registered. */
export function getManifest(): Promise<RemotesManifest> {
  if (!manifest) {
    const inlined = inlinedList();
    manifest = (
      inlined
        ? Promise.resolve(inlined)
        : fetch('/remotes.json', { cache: 'no-cache' }).then((r) => {
            if (!r.ok) throw new Error(`remotes manifest: ${r.status}`);
            return r.json();
          })
    )
      .then((json) => {
        const m = parseRemotesManifest(json);
        registerRemotes(m.remotes.map((r) => ({ name: r.name, entry: r.entry })));
        read = m;
        return m;
      })
      .catch((e) => {
        manifest = null;
        throw e;
      });
  }
  return manifest;
}

const apps = new Map<string, { promise: Promise<ComponentType<never>>; component?: ComponentType<never> }>();

async function load(key: RemoteName, fresh: boolean, expose: string): Promise<ComponentType<never>> {
  const m = await getManifest();
  const entry = m.remotes.find((r) => r.key === key);
  if (!entry) throw new Error(`Remote ${key} is not configured`);
  if (fresh) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
  const mod = await withTimeout(loadRemote<{ default?: unknown }>(`${entry.name}/${expose}`), LOAD_TIMEOUT_MS, `Loading ${key}`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`Remote ${key} exposes no ${expose}`);
  return mod.default as ComponentType<never>;
}

/**
 * Loads a remote's exposed component (`./<expose>`), once per page: a
 * load already under way (e.g. started by bootstrap.tsx before the first render) is reused.
 * `fresh` (the Retry button) re-registers the remote first, which drops the runtime's cached
 * manifest, entry and module, so it really is fetched again.
 */
export function loadRemoteApp<P>(key: RemoteName, fresh: boolean, expose: string): Promise<ComponentType<P>> {
  const id = `${key}/${expose}`;
  const known = apps.get(id);
  if (known && !fresh) return known.promise as Promise<ComponentType<P>>;
  const slot: { promise: Promise<ComponentType<never>>; component?: ComponentType<never> } = { promise: load(key, fresh, expose) };
  apps.set(id, slot);
  slot.promise.then(
    (C) => (slot.component = C),
    () => apps.get(id) === slot && apps.delete(id),
  );
  return slot.promise as Promise<ComponentType<P>>;
}

/** The component if it has already loaded (a slot can then render it in its first render). */
export function loadedRemoteApp<P>(key: RemoteName, expose: string): ComponentType<P> | undefined {
  return apps.get(`${key}/${expose}`)?.component as ComponentType<P> | undefined;
}

/** The remote list if it has been read already (a page the server rendered reads it before its first render). */
export const loadedManifest = (): RemotesManifest | undefined => read;
