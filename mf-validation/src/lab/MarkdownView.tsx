import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

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
  // No remote images: show what the image was about instead.
  img: ({ alt }) => (alt ? <span className="img-alt">[{alt}]</span> : null),
};

/**
 * Val's feedback as formatted text: markdown (with GFM lists and tables) turned into React
 * elements, never raw HTML (skipped), links limited to http/https/mailto, no images.
 */
export default function MarkdownView({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
      {text}
    </Markdown>
  );
}
