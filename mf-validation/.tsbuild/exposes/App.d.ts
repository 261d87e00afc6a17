import type { ValidationAppProps } from '@val/contracts';
/** Step 1 (the lab) or step 2 (the resources kit), chosen by `view`. */
export default function App({ view, validation }: ValidationAppProps): import("react").JSX.Element;
