export declare const AboutPage: () => import("react").JSX.Element;
export declare const TermsPage: () => import("react").JSX.Element;
export declare const PrivacyPage: () => import("react").JSX.Element;
export declare const ValidationStrategyPage: () => import("react").JSX.Element;
export declare const FounderPage: () => import("react").JSX.Element;
export declare const ConsultingPage: () => import("react").JSX.Element;
export declare const ApiPage: () => import("react").JSX.Element;
export declare const SecurityPage: () => import("react").JSX.Element;
