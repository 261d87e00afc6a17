import type { ValidationLabProps } from '@val/contracts';
import { ValidationLab } from '../lab/ValidationLab';

/** `val_validation/Lab`: step 1, the Idea Validation Lab. */
export default function Lab(props: ValidationLabProps) {
  return <ValidationLab {...props} />;
}
