import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * `@val/ui/markdown`: the one safe markdown renderer of every front end (Val's feedback, report
 * agents' output). Its own entry, not part of `@val/ui`, so the markdown parser is loaded only by
 * the screens that render markdown (lazily), never on the landing page.
 */

/** Only web and mail links survive; anything else (javascript:, data:, relative) becomes ''. */
export function safeUrl(url: string): string {
  const u = url.trim();
  return /^(https?:\/\/|mailto:)/i.test(u) ? u : '';
}

/** Where a link points, as a reader should see it: a web address's host, a mail link's address; null otherwise. */
export function linkTarget(href: string): string | null {
  if (/^mailto:/i.test(href)) return href.slice(7).split('?')[0] || null;
  try {
    return /^https?:/i.test(href) ? new URL(href).host || null : null;
  } catch {
    return null;
  }
}

type HastNode = NonNullable<ExtraProps['node']> | { type: string; value?: string; children?: unknown[] };

/** The text of a rendered element (its words as a reader sees them). */
const textOf = (node: HastNode | undefined): string => {
  if (!node) return '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node && Array.isArray(node.children) ? node.children.map((c) => textOf(c as HastNode)).join('') : '';
};

const components: Components = {
  // Every text this renders comes from a model or was typed by a visitor (and pages of it are
  // shared): a link there could dress a phishing address as anything ("Claim your refund"). So
  // no link is clickable; one whose words do not show where it points is followed by its host.
  a: ({ href, children, node }) => {
    const target = href ? linkTarget(href) : null;
    const shown = target && !textOf(node).toLowerCase().includes(target.toLowerCase());
    return (
      <span className="link">
        {children}
        {shown && (
          <>
            {' '}
            <span className="link-host">({target})</span>
          </>
        )}
      </span>
    );
  },
  // No remote images: text from a model (or injected into it) must not load tracking pixels.
  img: ({ alt }) => (alt ? <span className="img-alt">[{alt}]</span> : null),
};

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** The shallowest ATX heading (`#`…`######`) of a markdown text outside code fences, or null. */
export function topHeadingDepth(text: string): number | null {
  let fenced = false;
  let top: number | null = null;
  for (const line of text.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^\s{0,3}(#{1,6})\s+\S/.exec(line);
    if (m && (top === null || m[1].length < top)) top = m[1].length;
  }
  return top;
}

/** Heading components that move every heading by `shift` levels (kept within h1–h6). */
function shiftedHeadings(shift: number): Components {
  const out: Components = {};
  TAGS.forEach((tag, i) => {
    const Tag = TAGS[Math.min(5, Math.max(0, i + shift))];
    out[tag] = ({ children }) => <Tag>{children}</Tag>;
  });
  return out;
}

/**
 * Markdown (with GFM lists and tables) turned into React elements: raw HTML is skipped (never
 * dangerouslySetInnerHTML), links are text (with the host they point to when their words do not
 * show it), images are shown as their alt text (nothing is fetched from another host).
 * `headingLevel` is the level the text's top headings get (e.g. 4 under an h3), so the text's
 * own outline sits under the page's; its deeper headings follow one level per step.
 */
export default function SafeMarkdown({ text, headingLevel }: { text: string; headingLevel?: Level }) {
  const top = headingLevel ? topHeadingDepth(text) : null;
  const all = top && headingLevel && top !== headingLevel ? { ...components, ...shiftedHeadings(headingLevel - top) } : components;
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={all}>
      {text}
    </ReactMarkdown>
  );
}
