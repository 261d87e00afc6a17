import { renderToStaticMarkup } from 'react-dom/server';
import SafeMarkdown, { safeUrl } from './markdown';

const html = (md: string) => renderToStaticMarkup(<SafeMarkdown text={md} />);

describe('SafeMarkdown (@val/ui/markdown)', () => {
  it('renders headings, emphasis, lists and tables', () => {
    const out = html('## Market Opportunity\n\n**Big** and *growing*.\n\n- one\n- two\n\n1. first\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(out).toContain('<h2>Market Opportunity</h2>');
    expect(out).toContain('<strong>Big</strong>');
    expect(out).toContain('<em>growing</em>');
    expect(out).toContain('<li>two</li>');
    expect(out).toContain('<ol>');
    expect(out).toContain('<table>');
  });

  it('never renders raw HTML', () => {
    const out = html('Hi <script>alert(1)</script> <img src=x onerror=alert(1)> <b>bold</b>\n\n<div onclick="x()">block</div>');
    expect(out).not.toMatch(/<script|<img|onerror|onclick|<b>|<div/);
  });

  it('renders no link at all: a link of the text is its words followed by where it points, a bare address stays text', () => {
    const out = html(
      '[Claim your refund](https://evil.example/refund) · [paypal.com](https://evil.example/pp) · https://evil.example/bare · www.evil.example/w · [https://example.com/a](https://example.com/a) · [mail](mailto:a@b.co) · [bad](javascript:alert(1)) · [data](data:text/html,x) · [rel](/admin)',
    );
    expect(out).not.toMatch(/<a[\s>]|href=/);
    expect(out).not.toMatch(/javascript:|data:text|\/admin/);
    expect(out).toContain('Claim your refund <span class="link-host">(evil.example)</span>');
    expect(out).toContain('paypal.com <span class="link-host">(evil.example)</span>');
    expect(out).toContain('<span class="link">https://evil.example/bare</span>');
    expect(out).toContain('<span class="link">www.evil.example/w</span>');
    expect(out).toContain('<span class="link">https://example.com/a</span>');
    expect(out).toContain('mail <span class="link-host">(a@b.co)</span>');
    expect(out).toContain('<span class="link">bad</span>');
  });

  it('shows no remote images, only their description', () => {
    const out = html('![a chart](https://tracker.example/pixel.png)');
    expect(out).not.toContain('tracker.example');
    expect(out).toContain('[a chart]');
  });

  it('safeUrl', () => {
    expect(safeUrl(' https://x.io ')).toBe('https://x.io');
    expect(safeUrl('JAVASCRIPT:alert(1)')).toBe('');
    expect(safeUrl('//evil.com')).toBe('');
  });
});

describe('heading levels', () => {
  it('moves the text’s top headings to headingLevel and the deeper ones along', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { default: SafeMarkdown, topHeadingDepth } = await import('./markdown');
    expect(topHeadingDepth('intro\n## A\n### B\n```\n# not a heading\n```')).toBe(2);
    const html = renderToStaticMarkup(<SafeMarkdown text={'## Score\n\ntext\n\n### Detail'} headingLevel={4} />);
    expect(html).toContain('<h4>Score</h4>');
    expect(html).toContain('<h5>Detail</h5>');
    expect(renderToStaticMarkup(<SafeMarkdown text={'## Score'} />)).toContain('<h2>Score</h2>');
  });
});
