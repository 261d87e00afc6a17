/**
 * Versioned remote entries. A remote's `mf-manifest.json` lists its content-hashed chunks, so its
 * text changes with every build that changes the remote; `remoteEntry.js` keeps a fixed name. The
 * shell loads the entry as `remoteEntry.js?v=<hash of the manifest text>`: a redeploy is a new
 * URL, an unchanged remote stays in the HTTP cache.
 *
 * The inline script of shell/public/index.html starts the above-the-fold manifest fetch before
 * the shell's JavaScript has arrived and leaves the answer in `window.__valManifests`.
 */

/** FNV-1a (32 bit) of the text, base 36: short, stable, good enough to tell builds apart. */
export function manifestVersion(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** `remoteEntry.js` → `remoteEntry.js?v=<version>` (keeps a query the name already has). */
export function versionedEntry(name: string, version: string): string {
  return `${name}${name.includes('?') ? '&' : '?'}v=${version}`;
}

type PreloadWindow = Window & { __valManifests?: Record<string, Promise<string> | undefined> };

/** The manifest text the page's inline script already fetched for this URL, once. */
export function takePreloadedManifest(url: string): Promise<string> | undefined {
  const w = window as PreloadWindow;
  const abs = new URL(url, document.baseURI).href;
  const p = w.__valManifests?.[abs];
  if (p && w.__valManifests) delete w.__valManifests[abs];
  return p;
}
