import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesManifest, type RemoteName, type RemotesManifest } from '@val/contracts';
import type { ComponentType } from 'react';

const LOAD_TIMEOUT_MS = 15000;
let manifest: Promise<RemotesManifest> | null = null;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Reads `/remotes.json` (served by the BFF from its config) once and registers every remote. */
export function getManifest(): Promise<RemotesManifest> {
  if (!manifest) {
    manifest = fetch('/remotes.json', { cache: 'no-store' })
      .then((r) => {
        if (!r.ok) throw new Error(`remotes manifest: ${r.status}`);
        return r.json();
      })
      .then((json) => {
        const m = parseRemotesManifest(json);
        registerRemotes(m.remotes.map((r) => ({ name: r.name, entry: r.entry })));
        return m;
      })
      .catch((e) => {
        manifest = null;
        throw e;
      });
  }
  return manifest;
}

/**
 * Loads a remote's exposed `App`. `fresh` drops the runtime's cached container first, so a
 * retry after a failure really fetches the remote again.
 */
export async function loadRemoteApp<P>(key: RemoteName, fresh = false): Promise<ComponentType<P>> {
  const m = await getManifest();
  const entry = m.remotes.find((r) => r.key === key);
  if (!entry) throw new Error(`Remote ${key} is not configured`);
  if (fresh) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
  const mod = await withTimeout(
    loadRemote<{ default: ComponentType<P> }>(`${entry.name}/App`),
    LOAD_TIMEOUT_MS,
    `Loading ${key}`,
  );
  if (!mod || typeof mod.default !== 'function') throw new Error(`Remote ${key} exposes no App`);
  return mod.default;
}
