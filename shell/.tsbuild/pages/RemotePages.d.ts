import type { ValidationData } from '@val/contracts';
export declare function ProductsPage(): import("react").JSX.Element;
export declare function EnterprisePage(): import("react").JSX.Element;
export declare function ReportPage(): import("react").JSX.Element;
export declare function SuccessPage(): import("react").JSX.Element;
export declare function LogPage(): import("react").JSX.Element;
/** /test renders an empty screen; the remote only runs the background calls. */
export declare function TestPage(): import("react").JSX.Element;
export declare function AdminPage(): import("react").JSX.Element;
/** /old: the older home — the validation lab and the resources kit, no step 3, no marketing. */
export declare function OldHomePage({ validation, onValidated, }: {
    validation: ValidationData | null;
    onValidated: (v: ValidationData) => void;
}): import("react").JSX.Element;
