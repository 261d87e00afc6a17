import styled, { css, keyframes } from 'styled-components';
import type { ReactNode } from 'react';
import { t } from './theme';

/** Page-width container. */
export const Container = styled.div`
  width: 100%;
  max-width: 1120px;
  margin: 0 auto;
  padding: 0 20px;
`;

/** A page section with vertical rhythm. */
export const Section = styled.section`
  padding: 56px 0;
  scroll-margin-top: 72px;
  @media (max-width: 600px) {
    padding: 40px 0;
  }
`;

export const Card = styled.div<{ $highlight?: boolean }>`
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 16px;
  padding: 20px;
  box-shadow: ${t.shadow};
  ${(p) =>
    p.$highlight &&
    css`
      border: 2px solid ${t.purple};
    `}
`;

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 20px;
  border-radius: 10px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  transition:
    filter 120ms ease,
    transform 120ms ease;
  &:hover:not(:disabled) {
    filter: brightness(1.1);
  }
  &:active:not(:disabled) {
    transform: translateY(1px);
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${t.primary};
    color: ${t.primaryText};
    border: 1px solid transparent;
  `,
  secondary: css`
    background: ${t.bgSunken};
    color: ${t.text};
    border: 1px solid ${t.border};
  `,
  ghost: css`
    background: transparent;
    color: ${t.text};
    border: 1px solid transparent;
  `,
  danger: css`
    background: ${t.danger};
    color: ${t.dangerText};
    border: 1px solid transparent;
  `,
};

export const Button = styled.button<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonBase}
  ${(p) => variants[p.$variant ?? 'primary']}
  ${(p) =>
    p.$block &&
    css`
      width: 100%;
    `}
`;

/** An anchor styled as a button. */
export const ButtonLink = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonBase}
  ${(p) => variants[p.$variant ?? 'primary']}
`;

const fieldBase = css<{ $invalid?: boolean }>`
  width: 100%;
  font: inherit;
  color: ${t.text};
  background: ${t.bgSunken};
  border: 1px solid ${(p) => (p.$invalid ? t.danger : t.border)};
  border-radius: 10px;
  padding: 10px 12px;
  &::placeholder {
    color: ${t.textMuted};
    opacity: 0.8;
  }
  &:focus {
    border-color: ${t.primary};
    outline: none;
    box-shadow: 0 0 0 3px color-mix(in srgb, ${t.primary} 35%, transparent);
  }
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${fieldBase}
  ${(p) =>
    p.$invalid &&
    css`
      border: 2px solid ${t.danger};
    `}
`;
export const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${fieldBase}
  resize: vertical;
  min-height: 88px;
  ${(p) =>
    p.$invalid &&
    css`
      border: 2px solid ${t.danger};
    `}
`;

const FieldWrap = styled.label`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-weight: 600;
  font-size: 0.92rem;
  span.hint {
    font-weight: 400;
    color: ${t.textMuted};
    font-size: 0.85rem;
  }
`;

/** A labelled form field. */
export function Field({ label, hint, children }: { label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <FieldWrap>
      <span>{label}</span>
      {children}
      {hint && <span className="hint">{hint}</span>}
    </FieldWrap>
  );
}

export const Badge = styled.span<{ $tone?: 'default' | 'purple' | 'accent' }>`
  display: inline-block;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  padding: 3px 10px;
  border-radius: 999px;
  background: ${(p) => (p.$tone === 'purple' ? t.purple : p.$tone === 'accent' ? t.accent : t.bgSunken)};
  color: ${(p) => (p.$tone === 'purple' ? t.purpleText : p.$tone === 'accent' ? t.accentText : t.textMuted)};
  border: 1px solid ${t.border};
`;

export const Muted = styled.p`
  color: ${t.textMuted};
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A spinner with an accessible label. */
export const Spinner = styled.span.attrs({ role: 'progressbar', 'aria-label': 'Loading' })<{ $size?: number }>`
  display: inline-block;
  width: ${(p) => p.$size ?? 28}px;
  height: ${(p) => p.$size ?? 28}px;
  border-radius: 50%;
  border: 3px solid ${t.border};
  border-top-color: ${t.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${(p) => p.$min ?? 260}px, 1fr));
  gap: 16px;
`;

export const Heading = styled.h2`
  font-size: clamp(1.5rem, 3vw, 2.1rem);
  margin: 0 0 12px;
`;

/** An optional, collapsed basis in a form (the validation lab's, the purchase dialog's): a dashed `<details>`. */
export const BasisBox = styled.details`
  border: 1px dashed ${t.border};
  border-radius: 12px;
  padding: 0 14px;
  > summary {
    cursor: pointer;
    padding: 10px 0;
    font-weight: 600;
    color: ${t.textMuted};
  }
  &[open] {
    padding-bottom: 14px;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${t.textMuted};
  }
`;
