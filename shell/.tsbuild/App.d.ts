export declare function App(): import("react").JSX.Element;
