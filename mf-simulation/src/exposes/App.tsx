import type { SimulationAppProps } from '@val/contracts';
import { Heading, Muted } from '@val/ui';

/** Step 3: customer interviews and the 6-month launch simulation. */
export default function App({ validation }: SimulationAppProps) {
  return (
    <div data-remote="simulation">
      <Heading>Step 3: Interview customers and simulate your launch</Heading>
      {!validation && (
        <Muted>Complete Steps 1 and 2 above to unlock customer interviews and startup simulation!</Muted>
      )}
    </div>
  );
}
