import type { AnchorHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { t } from '@val/ui';

/** Small uppercase label above a section heading. */
export const Eyebrow = styled.p`
  && {
    margin: 0 0 8px;
    color: ${t.accent};
  }
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

/** A centred section intro: eyebrow, heading, lead. */
export const Intro = styled.header`
  text-align: center;
  max-width: 680px;
  margin: 0 auto 32px;
  h2 {
    font-size: clamp(1.6rem, 3.4vw, 2.3rem);
    margin: 0 0 10px;
  }
  p.lead {
    margin: 0;
    color: ${t.textMuted};
    font-size: 1.05rem;
  }
`;

/** Hidden visually, read by screen readers (the global `.sr-only` rule of @val/ui). */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => <span className="sr-only">{children}</span>;

/** A link that opens in a new tab and says so to screen readers. */
export function ExternalLink({ children, rel = 'noopener noreferrer', ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { children: ReactNode }) {
  return (
    <a target="_blank" rel={rel} {...rest}>
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </a>
  );
}

/** Scrolls to the validation section if this page has one, else to the top. */
export function scrollToValidation(): void {
  const el = document.getElementById('validate');
  if (el) {
    el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    const field = el.querySelector<HTMLElement>('textarea, input');
    field?.focus({ preventScroll: true });
  } else window.scrollTo({ top: 0, behavior: 'smooth' });
}
