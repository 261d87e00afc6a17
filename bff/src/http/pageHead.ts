import type { PageMeta } from '@val/contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The page's HTML with its own head: title, description, canonical link, robots and the Open
 * Graph / Twitter tags a link preview reads. Replaces the built page's title and description;
 * every value is HTML-escaped (a permalink's title is a visitor's text).
 */
export function withPageHead(html: string, meta: PageMeta, canonical: string | null): string {
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}">`,
    canonical ? `<link rel="canonical" href="${esc(canonical)}">` : '',
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Val">',
    `<meta property="og:title" content="${esc(meta.title)}">`,
    `<meta property="og:description" content="${esc(meta.description)}">`,
    canonical ? `<meta property="og:url" content="${esc(canonical)}">` : '',
    '<meta name="twitter:card" content="summary">',
  ].join('');
  const page = html.replace(/<meta\s+name=["']?description["']?[^>]*>/i, '');
  const title = /<title>[\s\S]*?<\/title>/i;
  return title.test(page) ? page.replace(title, () => tags) : page.replace(/<\/head>/i, () => `${tags}</head>`);
}

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut; whitespace runs become one space. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** What a permalink's link preview shows: the idea and Val's score (never anything else of the stored row). */
export function permalinkMeta(v: { idea: string; targetCustomer: string; score: number | null }): PageMeta {
  const score = v.score === null ? null : `${v.score}/10`;
  return {
    title: `“${clip(v.idea, 70)}”${score ? ` scored ${score}` : ''} — Val`,
    description: `Val's feedback on a startup idea for ${clip(v.targetCustomer, 60)}${score ? `: ${score}` : ''}. ${clip(v.idea, 110)}`,
  };
}
