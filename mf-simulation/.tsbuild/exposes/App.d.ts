import type { SimulationAppProps } from '@val/contracts';
/** Step 3: customer interviews and the 6-month launch simulation. */
export default function App({ validation }: SimulationAppProps): import("react").JSX.Element;
