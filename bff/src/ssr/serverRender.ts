import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { rendersOnServer, type PageData, type PageOwner, type RemoteName, type RemotesManifest } from '@val/contracts';
import type { ManifestSource, RemoteRouteLists } from '../routes/remotes/routeLists';
import { BodyTooLargeError, readCapped } from '../http/readCapped';

/**
 * The first screen as HTML (issue "The first screen arrives as HTML"): the shell's server part
 * (`shell/dist/server/ssr.js`) renders the page with the same routes and components as the browser,
 * and each remote's part of it comes from that remote's own server part, built next to its
 * `mf-manifest.json` (`metaData.ssr.entry`) and loaded from wherever the remote is deployed: from
 * disk for a remote this server hosts, over HTTP for one on another origin (re-loaded when its
 * manifest changes). So a remote team's deploy changes its server-rendered part without a shell
 * build or a restart, as its browser part changes without one.
 *
 * A remote's server part runs in this process, as its browser part runs in the visitor's page: its
 * origin is configured by the operator (REMOTE_<NAME>_URL) and trusted like a dependency. It gets
 * only the shared modules (React, react-dom, the router, styled-components, @val/ui: the shell's
 * copies, so one React renders the page) and Node's built-ins, and only when the versions it was
 * built with are satisfied by the shell's (as `strictVersion` in the browser).
 *
 * Anything that fails (no server part, a version it does not accept, a fetch that does not answer in
 * time, a render that throws or takes too long) leaves that part, or the whole page, to the browser,
 * which renders it as it did before the server rendered anything.
 */

export interface ServerRenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** styled-components' `<style>` tags for the HTML. */
  styles: string;
  /** The remote parts in the HTML (`catalogue/Hero`): the browser loads them before it hydrates. */
  parts: string[];
  /** The data the page was rendered with (the browser's first render needs the same). */
  pageData?: PageData;
  /** Changes when the HTML can: the page, the shell's part, the remotes' parts and their lists. */
  key: string;
}

export interface ServerRenderer {
  /** The first screen of the page at `pathname`, or null when the browser must render it. */
  render(pathname: string, owner: PageOwner | null, list: RemotesManifest, pageData?: PageData): Promise<ServerRenderedPage | null>;
}

interface ShellServerPart {
  render(input: {
    url: string;
    list: RemotesManifest;
    components: Record<string, unknown>;
    pageData?: PageData;
    timeoutMs: number;
  }): Promise<{ html: string; styles: string; errors: string[] }>;
  shared: Record<string, unknown>;
  sharedVersions: Record<string, string>;
}

interface RemoteServerPart {
  name: string;
  shared: Record<string, string>;
  exposes: Record<string, { default?: unknown }>;
}

/** The most a remote's server part may weigh over HTTP. */
const MAX_PART_BYTES = 20 * 1024 * 1024;

/** `have` satisfies `^want` (same major, or same minor below 1.0; not older). */
export function satisfiesCaret(have: string, want: string): boolean {
  const parse = (v: string) => /^(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1, 4).map(Number) ?? null;
  const [h, w] = [parse(have), parse(want)];
  if (!h || !w) return false;
  if (h[0] !== w[0] || (w[0] === 0 && h[1] !== w[1])) return false;
  for (let i = 0; i < 3; i++) if (h[i] !== w[i]) return h[i]! > w[i]!;
  return true;
}

/** Runs a CommonJS bundle's text as a module with the given `require`; returns its exports. */
export function evaluateBundle(code: string, filename: string, requireFn: (id: string) => unknown): unknown {
  const wrapper = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename });
  const module = { exports: {} as unknown };
  (wrapper.runInThisContext() as (...args: unknown[]) => void)(module.exports, requireFn, module, filename, path.dirname(filename));
  return module.exports;
}

/**
 * Which remote parts make a page's first screen: `parts` are hydrated (the slots the shell renders
 * eagerly: the home page's hero, a remote page's routes; the browser loads them before it
 * hydrates), `previews` are shown as HTML until the browser loads them on demand (the home page's
 * lab, whose heading shows on a desktop's first screen and whose form is below it).
 */
export function firstScreenParts(owner: PageOwner | null): { parts: string[]; previews: string[] } {
  if (!owner) return { parts: [], previews: [] };
  if ('shell' in owner) return owner.shell === 'home' ? { parts: ['catalogue/Hero'], previews: ['validation/Lab'] } : { parts: [], previews: [] };
  // A visitor's own page (a payment, a sign-in, the dashboard: noindex) needs the browser's session:
  // the server renders the frame and leaves the screen to the browser, unless its route says `ssr`.
  return { parts: rendersOnServer(owner.route) ? [`${owner.remote}/Routes`] : [], previews: [] };
}

export interface ServerRendererOptions {
  /** The built shell (its server part is `server/ssr.js` in it). */
  shellDist: string;
  remotes: RemoteRouteLists;
  fetchImpl?: typeof fetch;
  /** The longest a render waits for a remote's server part the first time (later renders use it once loaded). */
  partWaitMs?: number;
  /** The longest React may take to render a page. */
  renderTimeoutMs?: number;
  /** The most of a remote's server part read over HTTP (default 20 MB): a longer answer is not loaded. */
  maxPartBytes?: number;
  warn?: (message: string, detail?: Record<string, unknown>) => void;
}

const SHELL_PART = path.join('server', 'ssr.js');

export function createServerRenderer({
  shellDist,
  remotes,
  fetchImpl = fetch,
  partWaitMs = 2000,
  renderTimeoutMs = 1500,
  maxPartBytes = MAX_PART_BYTES,
  warn = () => undefined,
}: ServerRendererOptions): ServerRenderer {
  // The shell's part: re-read when the file changes (a rebuilt shell).
  const shellFile = path.join(shellDist, SHELL_PART);
  let shell: { mtimeMs: number; part: ShellServerPart | null } | null = null;
  const shellPart = (): { part: ShellServerPart; version: string } | null => {
    let st: fs.Stats;
    try {
      st = fs.statSync(shellFile);
    } catch {
      return null;
    }
    if (shell?.mtimeMs !== st.mtimeMs) {
      let part: ShellServerPart | null;
      try {
        part = evaluateBundle(fs.readFileSync(shellFile, 'utf8'), shellFile, createRequire(shellFile)) as ShellServerPart;
        if (typeof part.render !== 'function' || !part.shared || !part.sharedVersions) throw new Error('not a server part (render, shared, sharedVersions)');
      } catch (e) {
        warn('The shell’s server part could not be loaded; pages render in the browser', { error: String(e) });
        part = null;
      }
      shell = { mtimeMs: st.mtimeMs, part };
    }
    return shell.part ? { part: shell.part, version: String(shell.mtimeMs) } : null;
  };

  // Each remote's part, by the manifest it was found through (a new manifest: a new load).
  const parts = new Map<RemoteName, { version: string; loaded: Promise<RemoteServerPart | null>; part?: RemoteServerPart | null }>();

  const loadPart = async (key: RemoteName, source: ManifestSource, host: ShellServerPart): Promise<RemoteServerPart | null> => {
    let entry: unknown;
    try {
      entry = (JSON.parse(source.text) as { metaData?: { ssr?: { entry?: unknown } } }).metaData?.ssr?.entry;
    } catch {
      return null;
    }
    // A remote built before server parts existed, or without one: the browser renders it.
    if (typeof entry !== 'string' || !entry || /^[a-z]+:|^\/|\.\./i.test(entry)) return null;
    let code: string;
    let filename: string;
    if ('file' in source) {
      filename = path.join(path.dirname(source.file), entry);
      code = await fs.promises.readFile(filename, 'utf8');
    } else {
      filename = new URL(entry, source.url).href;
      const res = await fetchImpl(filename, { signal: AbortSignal.timeout(partWaitMs * 5) });
      if (!res.ok) throw new Error(`${filename}: HTTP ${res.status}`);
      code = await readCapped(res, maxPartBytes).catch((e: unknown) => {
        throw e instanceof BodyTooLargeError ? new Error(`${filename}: over ${maxPartBytes} bytes`) : e;
      });
    }
    const requireShared = (id: string) => {
      if (Object.hasOwn(host.shared, id)) return host.shared[id];
      if (isBuiltin(id)) return createRequire(__filename)(id);
      throw new Error(`${key}'s server part needs ${id}, which is not shared`);
    };
    const part = evaluateBundle(code, filename, requireShared) as RemoteServerPart;
    if (!part || typeof part.exposes !== 'object' || typeof part.shared !== 'object') throw new Error(`${filename}: not a server part (exposes, shared)`);
    for (const [id, want] of Object.entries(part.shared)) {
      const have = host.sharedVersions[id];
      if (!have || !satisfiesCaret(have, want)) throw new Error(`${key}'s server part needs ${id} ^${want}; the shell has ${have ?? 'none'}`);
    }
    return part;
  };

  // The manifest's hash, computed once per text (the same text object comes back while the file or fetch is unchanged).
  const hashes = new Map<RemoteName, { text: string; hash: string }>();
  const manifestHash = (key: RemoteName, text: string): string => {
    let known = hashes.get(key);
    if (known?.text !== text) hashes.set(key, (known = { text, hash: crypto.createHash('sha1').update(text).digest('hex') }));
    return known.hash;
  };

  /** A remote's part, if ready within `partWaitMs` (a load keeps going in the background for the next page). */
  const remotePart = async (key: RemoteName, host: { part: ShellServerPart; version: string }): Promise<{ part: RemoteServerPart | null; version: string }> => {
    const source = remotes.manifest(key);
    if (!source) return { part: null, version: 'none' };
    const version = `${host.version}:${manifestHash(key, source.text)}`;
    let known = parts.get(key);
    if (known?.version !== version) {
      const slot: { version: string; loaded: Promise<RemoteServerPart | null>; part?: RemoteServerPart | null } = {
        version,
        loaded: loadPart(key, source, host.part).catch((e: unknown) => {
          warn(`The ${key} remote's server part could not be loaded; its part of the page renders in the browser`, { error: String(e) });
          return null;
        }),
      };
      void slot.loaded.then((p) => (slot.part = p));
      parts.set(key, (known = slot));
    }
    if (known.part !== undefined) return { part: known.part, version };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), partWaitMs)));
    const got = await Promise.race([known.loaded, late]);
    clearTimeout(timer);
    return got === 'late' ? { part: null, version: `${version}:loading` } : { part: got, version };
  };

  const rendered = new Map<string, Promise<ServerRenderedPage | null>>();

  return {
    async render(pathname, owner, list, pageData) {
      const host = shellPart();
      if (!host) return null;
      const route = owner && 'remote' in owner ? owner.route : null;
      const { parts, previews } = firstScreenParts(owner);
      const wanted = [...parts, ...previews];
      const components: Record<string, unknown> = {};
      const versions: string[] = [];
      for (const id of wanted) {
        const [key, expose] = id.split('/') as [RemoteName, string];
        const { part, version } = await remotePart(key, host);
        versions.push(`${id}@${version}`);
        const component = part?.exposes[`./${expose}`]?.default;
        if (typeof component === 'function') components[id] = component;
      }
      // A missing page and a visitor's own page (no remote part) look the same at every path: one render each.
      const at = !owner ? '(not found)' : route && !wanted.length ? `(${route.path})` : pathname;
      const key = JSON.stringify([at, host.version, versions, list, pageData ?? null]);
      let page = rendered.get(key);
      if (!page) {
        page = host.part
          .render({ url: pathname, list, components, pageData, timeoutMs: renderTimeoutMs })
          .then(({ html, styles, errors }) => {
            if (errors.length) warn('The server render left a part of the page to the browser', { path: pathname, errors });
            return { html, styles, parts: parts.filter((id) => id in components), key, ...(pageData ? { pageData } : {}) };
          })
          .catch((e: unknown) => {
            warn('The server render failed; the page renders in the browser', { path: pathname, error: String(e) });
            rendered.delete(key);
            return null;
          });
        // Renders are kept while their inputs last; the page cache above (spaFallback) holds the results.
        if (rendered.size >= 64) rendered.delete(rendered.keys().next().value!);
        rendered.set(key, page);
      }
      return page;
    },
  };
}
