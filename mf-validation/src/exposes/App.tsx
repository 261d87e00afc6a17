import { lazy, Suspense } from 'react';
import type { ValidationAppProps } from '@val/contracts';
import { ValidationLab } from '../lab/ValidationLab';
import { ResourcesKit } from '../resources/ResourcesKit';

// The permalink page (/v/:id) loads only where it is shown: the landing page does not pay for it.
const PermalinkPage = lazy(() => import(/* webpackChunkName: "permalink" */ '../permalink/PermalinkPage'));

/** Step 1 (the Idea Validation Lab), step 2 (the Startup Resources Kit) or a validation's permalink page, chosen by `view`. */
export default function App(props: ValidationAppProps) {
  if (props.view === 'permalink') {
    return (
      <Suspense fallback={<div style={{ minHeight: 500 }} aria-busy="true" />}>
        <PermalinkPage apiBase={props.apiBase} validationId={props.validationId} />
      </Suspense>
    );
  }
  return props.view === 'lab' ? <ValidationLab {...props} /> : <ResourcesKit {...props} />;
}
