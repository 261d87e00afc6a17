import { CookieJar } from './adminSession';

describe('CookieJar', () => {
  it('keeps name=value pairs of Set-Cookie lines and sends them back as one header', () => {
    const jar = new CookieJar();
    jar.storeLine('val.admin=abc123; path=/api/admin; httponly; samesite=strict');
    jar.storeLine('val.admin.sig=sig_xyz; path=/api/admin; httponly');
    expect(jar.header()).toBe('val.admin=abc123; val.admin.sig=sig_xyz');
    jar.storeLine('val.admin=def456; path=/api/admin');
    expect(jar.header()).toBe('val.admin=def456; val.admin.sig=sig_xyz');
  });

  it('drops cookies the server expires or empties', () => {
    const jar = new CookieJar();
    jar.storeLine('a=1');
    jar.storeLine('b=2');
    jar.storeLine('c=3');
    jar.storeLine('a=; path=/');
    jar.storeLine('b=gone; expires=Thu, 01 Jan 1970 00:00:00 GMT');
    jar.storeLine('c=gone; max-age=0');
    expect(jar.size).toBe(0);
    expect(jar.header()).toBe('');
  });

  it('reads every Set-Cookie header of a fetch Response', () => {
    const h = new Headers();
    h.append('set-cookie', 'x=1; path=/');
    h.append('set-cookie', 'y=2; path=/');
    const jar = new CookieJar();
    jar.store(new Response(null, { headers: h }));
    expect(jar.header()).toBe('x=1; y=2');
  });
});
