import { useId } from 'react';

/** Val, the mentor: a drawn avatar (no image file, no remote request). */
export function ValAvatar({ size = 72, title = 'Val, your AI startup mentor' }: { size?: number; title?: string }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg width={size} height={size} viewBox="0 0 120 120" role="img" aria-label={title} data-testid="val-avatar">
      <title>{title}</title>
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#c026d3" />
        </linearGradient>
        <clipPath id={`${id}clip`}>
          <circle cx="60" cy="60" r="58" />
        </clipPath>
      </defs>
      <circle cx="60" cy="60" r="58" fill={`url(#${id}bg)`} />
      <g clipPath={`url(#${id}clip)`}>
        <path d="M14 122c2-24 20-37 46-37s44 13 46 37z" fill="#1e1b4b" />
        <path d="M48 86l12 14 12-14" fill="none" stroke="#f5f3ff" strokeWidth="4" strokeLinejoin="round" />
        <rect x="52" y="70" width="16" height="16" rx="6" fill="#e8b48f" />
        <ellipse cx="60" cy="54" rx="24" ry="27" fill="#f2c6a0" />
        <path d="M35 52c-2-19 10-31 26-31 15 0 27 10 25 30-6-8-14-13-25-14-9 7-17 11-26 15z" fill="#3b2416" />
        <circle cx="85" cy="27" r="9" fill="#3b2416" />
        <circle cx="50" cy="56" r="7.5" fill="none" stroke="#1e1b4b" strokeWidth="2.5" />
        <circle cx="70" cy="56" r="7.5" fill="none" stroke="#1e1b4b" strokeWidth="2.5" />
        <path d="M57.5 56h5" stroke="#1e1b4b" strokeWidth="2.5" />
        <circle cx="50" cy="56.5" r="2.4" fill="#1e1b4b" />
        <circle cx="70" cy="56.5" r="2.4" fill="#1e1b4b" />
        <circle cx="44" cy="67" r="4" fill="#f59e9e" opacity="0.55" />
        <circle cx="76" cy="67" r="4" fill="#f59e9e" opacity="0.55" />
        <path d="M52 70c4 4.5 12 4.5 16 0" fill="none" stroke="#9a3412" strokeWidth="2.6" strokeLinecap="round" />
      </g>
      <g transform="translate(92 14)">
        <circle r="11" fill="#fde047" stroke="#ffffff" strokeWidth="2.5" />
        <path
          d="M-3 6h6M-2.5 9h5M0 -6c-4 0-6 3-6 6 0 2 1 3 2.5 4.5V6h7V4.5C5 3 6 2 6 0c0-3-2-6-6-6z"
          fill="none"
          stroke="#854d0e"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </g>
    </svg>
  );
}
