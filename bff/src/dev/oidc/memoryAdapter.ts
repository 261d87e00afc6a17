import type { OidcAdapter, OidcAdapterPayload } from './types';

interface Entry {
  payload: OidcAdapterPayload;
  expiresAt: number;
}

/**
 * A bounded in-memory store for the embedded development provider (codes, sessions,
 * interactions, grants). Entries expire with their TTL; beyond `maxEntries` the oldest go first.
 * One store per embedded provider instance; every model name shares it under its own prefix.
 */
export function memoryAdapterClass(maxEntries = 10_000, now: () => number = Date.now): new (name: string) => OidcAdapter {
  const store = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();

  const sweep = () => {
    const t = now();
    for (const [k, e] of store) if (e.expiresAt <= t) store.delete(k);
    while (store.size > maxEntries) {
      const oldest = store.keys().next().value;
      if (oldest === undefined) break;
      store.delete(oldest);
    }
  };

  const live = (key: string): OidcAdapterPayload | undefined => {
    const e = store.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now()) {
      store.delete(key);
      return undefined;
    }
    return e.payload;
  };

  return class MemoryAdapter implements OidcAdapter {
    constructor(private readonly name: string) {}

    private key(id: string) {
      return `${this.name}:${id}`;
    }

    async upsert(id: string, payload: OidcAdapterPayload, expiresIn: number) {
      const key = this.key(id);
      store.delete(key);
      store.set(key, { payload: { ...payload }, expiresAt: now() + Math.max(1, expiresIn) * 1000 });
      if (payload.grantId) {
        const set = byGrant.get(payload.grantId) ?? new Set<string>();
        set.add(key);
        byGrant.set(payload.grantId, set);
      }
      if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: { id } as OidcAdapterPayload, expiresAt: now() + expiresIn * 1000 });
      if (payload.uid) store.set(`${this.name}:uid:${payload.uid}`, { payload: { id } as OidcAdapterPayload, expiresAt: now() + expiresIn * 1000 });
      if (store.size > maxEntries) sweep();
    }

    async find(id: string) {
      return live(this.key(id));
    }

    async findByUserCode(userCode: string) {
      const ref = live(`userCode:${userCode}`);
      return typeof ref?.id === 'string' ? this.find(ref.id) : undefined;
    }

    async findByUid(uid: string) {
      const ref = live(`${this.name}:uid:${uid}`);
      return typeof ref?.id === 'string' ? this.find(ref.id) : undefined;
    }

    async consume(id: string) {
      const p = live(this.key(id));
      if (p) p.consumed = Math.floor(now() / 1000);
    }

    async destroy(id: string) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const k of byGrant.get(grantId) ?? []) store.delete(k);
      byGrant.delete(grantId);
    }
  };
}
