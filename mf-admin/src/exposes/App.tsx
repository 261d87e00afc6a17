import type { AdminAppProps } from '@val/contracts';
import { Heading } from '@val/ui';

/** Admin login and the analytics dashboard. */
export default function App(_props: AdminAppProps) {
  return (
    <div data-remote="admin">
      <Heading>Admin Login</Heading>
    </div>
  );
}
