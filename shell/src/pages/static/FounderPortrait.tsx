import { FOUNDER } from '@val/content';
import { useId } from 'react';

/** The founder's portrait: a drawn monogram (no hot-linked photo), with alt text. */
export function FounderPortrait({ size = 120 }: { size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 120 120"
      role="img"
      aria-label={`Portrait of ${FOUNDER.name}, ${FOUNDER.role}`}
      style={{ borderRadius: 28, display: 'block' }}
    >
      <defs>
        <linearGradient id={`g${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="120" height="120" fill={`url(#g${id})`} />
      <circle cx="60" cy="48" r="22" fill="rgba(255,255,255,0.9)" />
      <path d="M20 120c4-26 20-38 40-38s36 12 40 38z" fill="rgba(255,255,255,0.9)" />
      <text x="60" y="112" textAnchor="middle" fontSize="15" fontWeight="800" fill="#3b2a99" fontFamily="system-ui, sans-serif">
        {FOUNDER.initials}
      </text>
    </svg>
  );
}
