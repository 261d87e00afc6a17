/** Logo (home, or smooth scroll to top on '/'), About, theme toggle, mobile menu. */
export declare function Header(): import("react").JSX.Element;
