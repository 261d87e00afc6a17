import type { ValidationData } from '@val/contracts';
export interface HomeProps {
    validation: ValidationData | null;
    onValidated: (v: ValidationData) => void;
    onStartOver: () => void;
}
/** The home page frame: the remotes' slots in the spec's order, then the marketing sections. */
export declare function Home({ validation, onValidated, onStartOver }: HomeProps): import("react").JSX.Element;
