/** Internal footer links; each resolves to a real page (no 404). */
export declare const FOOTER_LINKS: ReadonlyArray<{
    to: string;
    label: string;
    group: 'Product' | 'Company' | 'Legal';
}>;
export declare const SOCIAL_LINKS: {
    href: string;
    label: string;
}[];
export declare function Footer(): import("react").JSX.Element;
