import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Only web and mail links survive; anything else (javascript:, data:, relative) becomes ''. */
function safeUrl(url: string): string {
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
  // No remote images: an agent's output (or text injected into it) must not load tracking pixels.
  img: ({ alt }) => (alt ? <span className="img-alt">[{alt}]</span> : null),
};

/**
 * Safe markdown: react-markdown never renders raw HTML from the text (no dangerouslySetInnerHTML),
 * links are limited to http/https/mailto and open in a new tab without an opener, and images are
 * shown as their alt text (nothing is fetched from another host).
 */
export default function Markdown({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
      {text}
    </ReactMarkdown>
  );
}
