import type { ReactElement } from 'react';

const paths: Record<string, ReactElement> = {
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6.2 6.5-6.2s6.5 2.6 6.5 6.2" />
      <path d="M16 4.8a3.3 3.3 0 0 1 0 6.4M18.5 14.2c1.9.8 3 2.8 3 5.8" />
    </>
  ),
  trend: (
    <>
      <path d="M3 17l6-6 4 4 8-8" />
      <path d="M15 7h6v6" />
    </>
  ),
  scale: (
    <>
      <path d="M12 3v18M7 21h10M5 7h14" />
      <path d="M5 7l-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z" />
    </>
  ),
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  network: (
    <>
      <circle cx="12" cy="12" r="2.5" />
      <circle cx="4.5" cy="5" r="2" />
      <circle cx="19.5" cy="5" r="2" />
      <circle cx="4.5" cy="19" r="2" />
      <circle cx="19.5" cy="19" r="2" />
      <path d="M6 6.5l4.2 3.7M18 6.5l-4.2 3.7M6 17.5l4.2-3.7M18 17.5l-4.2-3.7" />
    </>
  ),
  money: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15 9.2c-.6-1-1.7-1.5-3-1.5-1.7 0-3 .9-3 2.2 0 3 6 1.6 6 4.4 0 1.3-1.3 2.2-3 2.2-1.4 0-2.6-.6-3.1-1.6M12 6v1.7M12 16.5V18" />
    </>
  ),
  chip: (
    <>
      <rect x="6" y="6" width="12" height="12" rx="2" />
      <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
    </>
  ),
  shield: (
    <>
      <path d="M12 2.5l8 3v6c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10v-6z" />
      <path d="M12 8v5M12 16h.01" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </>
  ),
  chat: (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.5" />
    </>
  ),
  doc: (
    <>
      <path d="M6 2.5h8l4 4v15H6z" />
      <path d="M14 2.5v4h4M9 12h6M9 16h6" />
    </>
  ),
};

/** Icon per step id (the spec's nine feasibility steps have their own; other reports reuse them). */
const byStep: Record<string, keyof typeof paths> = {
  'target-customers': 'users',
  'market-trends': 'trend',
  'regulatory-impact': 'scale',
  'strategic-implications': 'compass',
  'ai-marketplace-mindmap': 'network',
  'profitability-forecast': 'money',
  'technical-feasibility': 'chip',
  'risk-analysis': 'shield',
  'final-recommendations': 'flag',
  'desirability-assessment': 'target',
  'market-definition': 'target',
  'top-down-sizing': 'trend',
  'bottom-up-sizing': 'users',
  'serviceable-market': 'target',
  'tam-summary': 'flag',
  'problem-solution-fit': 'target',
  'competitive-landscape': 'network',
  'business-model': 'money',
  'evaluation-scorecard': 'flag',
  'competitive-rivalry': 'network',
  'threat-of-new-entrants': 'shield',
  'supplier-power': 'chip',
  'buyer-power': 'users',
  'threat-of-substitutes': 'compass',
  'five-forces-summary': 'flag',
  'customer-personas': 'users',
  'customer-interviews': 'chat',
  'customer-insights': 'flag',
  'pain-discovery': 'shield',
  'pain-prioritization': 'trend',
  'opportunity-map': 'compass',
  'revenue-streams': 'money',
  'pricing-benchmarks': 'scale',
  'demand-signals': 'trend',
  'revenue-forecast': 'flag',
};

/** The icon of a report step (a document for unknown ids). */
export function StepIcon({ id, size = 22 }: { id: string; size?: number }) {
  const name = byStep[id] ?? 'doc';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={name}
    >
      {paths[name]}
    </svg>
  );
}
