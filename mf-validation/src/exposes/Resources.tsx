import type { ResourcesKitProps } from '@val/contracts';
import { ResourcesKit } from '../resources/ResourcesKit';

/** `val_validation/Resources`: step 2, the Startup Resources Kit (locked until step 1 is done). */
export default function Resources(props: ResourcesKitProps) {
  return <ResourcesKit {...props} />;
}
