import type { ReactNode } from 'react';
/** A readable static page: title, optional lead and body. */
export declare function StaticPage({ title, lead, children }: {
    title: string;
    lead?: ReactNode;
    children?: ReactNode;
}): import("react").JSX.Element;
