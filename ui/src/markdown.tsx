import ReactMarkdown, { type Components } from 'react-markdown';
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

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // No remote images: text from a model (or injected into it) must not load tracking pixels.
  img: ({ alt }) => (alt ? <span className="img-alt">[{alt}]</span> : null),
};

/**
 * Markdown (with GFM lists and tables) turned into React elements: raw HTML is skipped (never
 * dangerouslySetInnerHTML), links are limited to http/https/mailto and open in a new tab without
 * an opener, images are shown as their alt text (nothing is fetched from another host).
 */
export default function SafeMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
      {text}
    </ReactMarkdown>
  );
}
