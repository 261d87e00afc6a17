import styled from 'styled-components';
import { Fragment, type ReactNode } from 'react';
import { t } from '@val/ui';

const PALETTE = ['#7c3aed', '#0e7490', '#b45309', '#be185d', '#15803d', '#1d4ed8', '#9333ea', '#c2410c'];

/** A stable colour per name (white text is readable on each, in both themes). */
export function avatarColor(seed: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return PALETTE[((h >>> 0) % 9973) % PALETTE.length];
}

const Circle = styled.span<{ $size: number; $bg: string }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  background: ${(p) => p.$bg};
  color: #fff;
  font-weight: 700;
  font-size: ${(p) => Math.round(p.$size * 0.38)}px;
  letter-spacing: 0.02em;
  user-select: none;
`;

/** A round avatar: the persona's short avatar text (initials or an emoji) on a colour of its own. */
export function Avatar({ text, seed, size = 48, label }: { text: string; seed: string; size?: number; label?: string }) {
  return (
    <Circle $size={size} $bg={avatarColor(seed)} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {text}
    </Circle>
  );
}

/** Inline **bold** in a line of text. */
function inline(text: string): ReactNode {
  const parts = text.split(/(\*\*[^*]+\*\*)/g);
  return parts.map((p, i) =>
    p.startsWith('**') && p.endsWith('**') && p.length > 4 ? <strong key={i}>{p.slice(2, -2)}</strong> : <Fragment key={i}>{p}</Fragment>,
  );
}

const Prose = styled.div`
  p {
    margin: 0 0 10px;
  }
  p:last-child,
  ul:last-child {
    margin-bottom: 0;
  }
  ul {
    margin: 0 0 10px;
    padding-left: 20px;
  }
  li {
    margin: 2px 0;
  }
`;

/** Renders a reply as paragraphs and "- " bullet lists (headings as bold lines); no HTML from the text. */
export function FormattedText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let bullets: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push(<p key={`p${blocks.length}`}>{inline(para.join(' '))}</p>);
    if (bullets.length)
      blocks.push(
        <ul key={`u${blocks.length}`}>
          {bullets.map((b, i) => (
            <li key={i}>{inline(b)}</li>
          ))}
        </ul>,
      );
    para = [];
    bullets = [];
  };
  for (const raw of text.replace(/```[a-z]*\n?/gi, '').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const bullet = line.match(/^(?:[-*•]|\d+[.)])\s+(.*)$/);
    if (bullet) {
      if (para.length) {
        const keep = bullets;
        bullets = [];
        flush();
        bullets = keep;
      }
      bullets.push(bullet[1]);
      continue;
    }
    if (bullets.length) flush();
    const heading = line.match(/^#{1,6}\s+(.*)$/);
    para.push(heading ? `**${heading[1]}**` : line);
  }
  flush();
  return <Prose>{blocks}</Prose>;
}

export const Note = styled.p`
  margin: 8px 0 0;
  font-size: 0.82rem;
  color: ${t.textMuted};
`;

/** Discreet note when the built-in offline analyst answered. */
export function ProviderNote({ provider }: { provider: string | null }) {
  if (provider !== 'offline') return null;
  return <Note data-testid="provider-note">Answered by the offline analyst — connect a model for deeper analysis</Note>;
}

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
`;
