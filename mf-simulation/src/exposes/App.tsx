import type { SimulationAppProps } from '@val/contracts';
import { SimulationStep } from '../SimulationStep';

/** Step 3: customer interviews and the 6-month launch simulation (rendered by the shell in #simulate). */
export default function App(props: SimulationAppProps) {
  return <SimulationStep {...props} />;
}
