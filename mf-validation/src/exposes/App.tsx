import type { ValidationAppProps } from '@val/contracts';
import { Heading, Muted } from '@val/ui';

/** Step 1 (the lab) or step 2 (the resources kit), chosen by `view`. */
export default function App({ view, validation }: ValidationAppProps) {
  return (
    <div data-remote="validation" data-view={view}>
      {view === 'lab' ? (
        <>
          <Heading>Idea Validation Lab</Heading>
          <Muted>Describe your idea, your customer and the problem; Val answers with a full analysis.</Muted>
        </>
      ) : (
        <>
          <Heading>Your Startup Resources Kit</Heading>
          <Muted>{validation ? 'Your kit is unlocked.' : 'Complete step 1 to unlock your kit.'}</Muted>
        </>
      )}
    </div>
  );
}
