import { clip, permalinkMeta, withPageHead } from './pageHead';

const BUILT =
  '<!doctype html><html><head><meta charset=utf-8><meta name=description content="The built description"><title>Built title</title></head><body></body></html>';

describe("a page's head", () => {
  it("replaces the built title and description with the page's, and adds canonical, Open Graph and Twitter tags", () => {
    const html = withPageHead(BUILT, { title: 'About Val', description: 'Who Val is.' }, 'https://val.example/about');
    expect(html).not.toContain('Built title');
    expect(html).not.toContain('The built description');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>About Val</title>');
    expect(html).toContain('<meta name="description" content="Who Val is.">');
    expect(html).toContain('<link rel="canonical" href="https://val.example/about">');
    expect(html).toContain('<meta property="og:title" content="About Val">');
    expect(html).toContain('<meta property="og:url" content="https://val.example/about">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('noindex');
  });

  it('marks private pages noindex and leaves out the canonical link when there is none', () => {
    const html = withPageHead(BUILT, { title: 'Nope', description: 'd', noindex: true }, null);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
  });

  it("escapes a visitor's text, so an idea cannot close the tag or add markup", () => {
    const html = withPageHead(BUILT, { title: '</title><script>alert(1)</script>', description: '"><img src=x onerror=alert(1)> & $& $1' }, null);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; $&amp; $1"');
  });

  it('adds the head before </head> when the built page has no title', () => {
    expect(withPageHead('<html><head></head><body></body></html>', { title: 'T', description: 'D' }, null)).toMatch(/<title>T<\/title>.*<\/head>/);
  });
});

describe("a permalink's preview", () => {
  it("shows the idea and Val's score, cut at a word", () => {
    const meta = permalinkMeta({ idea: 'A marketplace for   used climbing gear with grading of wear', targetCustomer: 'Climbers on a budget', score: 7.5 });
    expect(meta.title).toBe('“A marketplace for used climbing gear with grading of wear” scored 7.5/10 — Val');
    expect(meta.description).toBe(
      "Val's feedback on a startup idea for Climbers on a budget: 7.5/10. A marketplace for used climbing gear with grading of wear",
    );
  });

  it('leaves the score out when the feedback named none, and clips long texts with an ellipsis', () => {
    const meta = permalinkMeta({ idea: 'word '.repeat(40), targetCustomer: 'x', score: null });
    expect(meta.title).not.toContain('scored');
    expect(meta.title.length).toBeLessThanOrEqual(70 + '“” — Val'.length);
    expect(meta.title).toContain('…”');
    expect(clip('short', 10)).toBe('short');
    expect(clip('one two three four', 10)).toBe('one two…');
  });
});
