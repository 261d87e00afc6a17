import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A plain static file server standing in for another team's hosting of a remote: it knows nothing
 * of Val. It sends what `python3 -m http.server` sends (Last-Modified, 304 on If-Modified-Since,
 * no Cache-Control at all, so browsers cache by heuristics) plus the one header a remote host must
 * add, `Access-Control-Allow-Origin` (the shell fetches the manifest).
 */
export interface StaticHost {
  url: string;
  /** Requests seen, as "METHOD /path?query status". */
  log: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.zip': 'application/zip',
};

/** Serves `root` on `port` (default: a free one; pass a stopped host's port to bring it back at its address). */
export async function startStaticHost(root: string, port = 0): Promise<StaticHost> {
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const file = path.join(root, decodeURIComponent(url.pathname));
    const done = (status: number) => log.push(`${req.method} ${url.pathname}${url.search} ${status}`);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return done(404);
    }
    const mtime = fs.statSync(file).mtime;
    const lastModified = new Date(Math.floor(mtime.getTime() / 1000) * 1000);
    const since = req.headers['if-modified-since'];
    if (since && new Date(since).getTime() >= lastModified.getTime()) {
      res.writeHead(304, { 'Last-Modified': lastModified.toUTCString() }).end();
      return done(304);
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Last-Modified': lastModified.toUTCString() });
    res.end(fs.readFileSync(file));
    done(200);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
