import type { PartnerTool } from '@val/contracts';

/** A partner's logo drawn as a monogram tile (no hot-linked images). */
/** `decorative`: hidden from assistive technology, for a logo inside a control that names itself. */
export function PartnerLogo({ tool, size = 48, decorative = false }: { tool: PartnerTool; size?: number; decorative?: boolean }) {
  const { initials, background, foreground } = tool.logo;
  const fontSize = initials.length > 1 ? 19 : 24;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${tool.name} logo` })}>
      <rect x="0.75" y="0.75" width="46.5" height="46.5" rx="12" fill={background} stroke="rgba(127,127,140,0.35)" strokeWidth="1.5" />
      <text
        x="24"
        y="25"
        textAnchor="middle"
        dominantBaseline="central"
        fill={foreground}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontWeight="800"
        fontSize={fontSize}
        letterSpacing="-0.5"
      >
        {initials}
      </text>
    </svg>
  );
}
