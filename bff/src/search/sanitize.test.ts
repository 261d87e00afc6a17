import { clampLimit, cleanQuery, cleanResults, cleanText, cutAtWord, MAX_RESULTS, safeUrl, SNIPPET_MAX, TITLE_MAX, URL_MAX } from './sanitize';

describe('cleanText', () => {
  it('strips the <strong> highlights SearxNG and Brave send and decodes entities', () => {
    expect(cleanText('Best <strong>gym</strong> booking apps &amp; tools &mdash; 2025', 400)).toBe('Best gym booking apps & tools — 2025');
    expect(cleanText('Caf&eacute;s in Z&uuml;rich: &#8364;4 &#x2F; cup &hellip;', 400)).toBe('Cafés in Zürich: €4 / cup …');
    expect(cleanText('<b>Gym</b>Hub', 400)).toBe('GymHub');
  });

  it('drops scripts, styles and comments with their content, and markup spelled with entities', () => {
    expect(cleanText('a<script>alert(1)</script> b<style>p{}</style> c<!-- hidden --> d', 400)).toBe('a b c d');
    expect(cleanText('x &lt;img src=x onerror=alert(1)&gt; y', 400)).toBe('x y');
    expect(cleanText('cut off <strong class="x', 400)).toBe('cut off');
  });

  it('keeps text that only looks like comparison', () => {
    expect(cleanText('margins < 5% and > 2%', 400)).toBe('margins < 5% and > 2%');
  });

  it('removes control, zero-width and bidirectional-override characters and collapses whitespace', () => {
    expect(cleanText('line\u0000one\r\n\tline\u0007two\u200b \u202Eevil\u202C\u00a0 end\ufeff', 400)).toBe('line one line two evil end');
    expect(cleanText('lone \uD800 surrogate \uDC00 here', 400)).toBe('lone surrogate here');
    expect(cleanText('&#0;&#xD800;&#1114112;ok', 400)).toBe('ok');
  });

  it('gives an empty string for what is not text, and leaves unknown entities as they are', () => {
    expect(cleanText(undefined, 10)).toBe('');
    expect(cleanText(42, 10)).toBe('');
    expect(cleanText({ a: 1 }, 10)).toBe('');
    expect(cleanText('R&D &madeup; ok', 400)).toBe('R&D &madeup; ok');
  });

  it('cuts long titles and snippets at a word, within the limit, with an ellipsis', () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const title = cleanText(long, TITLE_MAX);
    const snippet = cleanText(long, SNIPPET_MAX);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(title.length).toBeGreaterThan(TITLE_MAX * 0.6);
    expect(title).toMatch(/ word\d+…$/);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
  });
});

describe('cutAtWord', () => {
  it('leaves short text alone and never splits a word when a boundary is near', () => {
    expect(cutAtWord('short', 10)).toBe('short');
    expect(cutAtWord('alpha beta gamma delta', 14)).toBe('alpha beta…');
    expect(cutAtWord('alpha beta, gamma', 12)).toBe('alpha beta…');
  });

  it('cuts a single long word hard rather than returning nothing', () => {
    expect(cutAtWord('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('does not split a surrogate pair', () => {
    const out = cutAtWord(`${'😀'.repeat(10)}`, 6);
    expect(out).toBe('😀😀…');
  });
});

describe('safeUrl', () => {
  it('keeps absolute http(s) URLs, normalised', () => {
    expect(safeUrl('https://Example.com/a b'.replace(' ', '%20'))).toBe('https://example.com/a%20b');
    expect(safeUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeUrl('https://münchen.example/x')).toBe('https://xn--mnchen-3ya.example/x');
  });

  it('drops javascript:, data:, other schemes, relative, protocol-relative and malformed URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'mailto:a@example.com',
      '/relative/path',
      'example.com/page',
      '//example.com/page',
      'http:example.com',
      'https://',
      'https://exa mple.com',
      'https://example.com/\nx',
      '',
      null,
      42,
    ]) {
      expect(safeUrl(bad)).toBeNull();
    }
  });

  it('drops URLs with credentials (https://bank.com@evil.example) and over-long URLs', () => {
    expect(safeUrl('https://bank.example.com@evil.example/login')).toBeNull();
    expect(safeUrl('https://user:pass@example.com/')).toBeNull();
    expect(safeUrl(`https://example.com/${'a'.repeat(URL_MAX)}`)).toBeNull();
    expect(safeUrl(`https://example.com/${'a'.repeat(URL_MAX - 40)}`)).not.toBeNull();
  });
});

describe('cleanResults', () => {
  const hit = (url: unknown, title: unknown = 't', snippet: unknown = 's') => ({ url, title, snippet });

  it('drops bad URLs and duplicates (the #fragment does not make a new source), in order, up to the limit', () => {
    const out = cleanResults(
      [
        hit('javascript:alert(1)'),
        hit('https://a.example/x', 'A'),
        hit('https://a.example/x#part', 'A again'),
        hit('/rel'),
        hit('https://b.example/', 'B'),
        hit('https://c.example/', 'C'),
      ],
      2,
    );
    expect(out).toEqual([
      { title: 'A', url: 'https://a.example/x', snippet: 's' },
      { title: 'B', url: 'https://b.example/', snippet: 's' },
    ]);
  });

  it('titles an untitled result with its host and keeps an empty snippet', () => {
    expect(cleanResults([hit('https://www.example.org/page', '  <b></b> ', null)], 5)).toEqual([
      { title: 'www.example.org', url: 'https://www.example.org/page', snippet: '' },
    ]);
  });

  it('an empty list is a valid answer; a limit of 0 keeps nothing; limits above the maximum are capped', () => {
    expect(cleanResults([], 5)).toEqual([]);
    expect(cleanResults([hit('https://a.example/')], 0)).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => hit(`https://s${i}.example/`));
    expect(cleanResults(many, 50)).toHaveLength(MAX_RESULTS);
  });
});

describe('clampLimit and cleanQuery', () => {
  it('clamps the limit to whole numbers in 0..MAX_RESULTS', () => {
    expect(clampLimit(3.7)).toBe(3);
    expect(clampLimit(-2)).toBe(0);
    expect(clampLimit(99)).toBe(MAX_RESULTS);
    expect(clampLimit(Number.NaN)).toBe(5);
  });

  it('sends one line of at most 50 words and 400 characters', () => {
    expect(cleanQuery('  gym\nbooking\u0000 apps  ')).toBe('gym booking apps');
    const words = cleanQuery(Array.from({ length: 80 }, (_, i) => `w${i}`).join(' '));
    expect(words.split(' ')).toHaveLength(50);
    const chars = cleanQuery(Array.from({ length: 45 }, () => 'abcdefghijk').join(' '));
    expect(chars.length).toBeLessThanOrEqual(400);
    expect(chars.endsWith('abcdefghijk')).toBe(true);
  });
});
