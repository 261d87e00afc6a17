import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { buildCsp, inlineScriptHashes } from './securityHeaders';

describe('Content-Security-Policy', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
  const inline = "document.documentElement.setAttribute('data-theme','dark')";
  fs.writeFileSync(path.join(dir, 'index.html'), `<html><head><script>${inline}</script><script defer src="/main.js"></script></head></html>`);

  it('allows the inline theme script by its hash only', () => {
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(inlineScriptHashes(dir)).toEqual([`'sha256-${hash}'`]);
  });

  it('lets scripts come only from our origin and the configured remote origins', () => {
    const csp = buildCsp({ shellDist: dir, remoteUrls: ['/remotes/admin/remoteEntry.js', 'https://cdn.example.com/val/catalogue/remoteEntry.js'] });
    const script = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(script).toContain("'self'");
    expect(script).toContain('https://cdn.example.com');
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('lets a remote on another origin be fetched and load its images, fonts and styles', () => {
    const csp = buildCsp({ shellDist: dir, remoteUrls: ['/remotes/admin/mf-manifest.json', 'https://cdn.example.com/val/catalogue/mf-manifest.json'] });
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))!
        .split(' ');
    for (const name of ['connect-src', 'img-src', 'font-src', 'style-src']) {
      expect({ name, sources: directive(name) }).toEqual({ name, sources: expect.arrayContaining(["'self'", 'https://cdn.example.com']) });
    }
    expect(directive('default-src')).toEqual(['default-src', "'self'"]);
  });
});
