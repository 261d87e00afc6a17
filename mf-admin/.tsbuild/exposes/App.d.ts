import type { AdminAppProps } from '@val/contracts';
/** Admin login and the analytics dashboard. */
export default function App(_props: AdminAppProps): import("react").JSX.Element;
