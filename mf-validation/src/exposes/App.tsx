import type { ValidationAppProps } from '@val/contracts';
import { ValidationLab } from '../lab/ValidationLab';
import { ResourcesKit } from '../resources/ResourcesKit';

/** Step 1 (the Idea Validation Lab) or step 2 (the Startup Resources Kit), chosen by `view`. */
export default function App(props: ValidationAppProps) {
  return props.view === 'lab' ? <ValidationLab {...props} /> : <ResourcesKit {...props} />;
}
