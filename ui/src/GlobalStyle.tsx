import { createGlobalStyle } from 'styled-components';
import { t, themeVariables } from './theme';

/** Base styles and both themes' variables; dark is the default look. */
export const GlobalStyle = createGlobalStyle`
  :root, :root[data-theme='dark'] { ${themeVariables('dark')} color-scheme: dark; }
  :root[data-theme='light'] { ${themeVariables('light')} color-scheme: light; }
  *, *::before, *::after { box-sizing: border-box; }
  html { scroll-behavior: smooth; -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    background: ${t.bg};
    color: ${t.text};
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${t.accent}; }
  :focus-visible { outline: 3px solid ${t.focus}; outline-offset: 2px; }
  img, svg { max-width: 100%; }
  h1, h2, h3 { line-height: 1.2; }
  /* Read by screen readers, hidden on screen. */
  .sr-only { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  @media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } * { transition: none !important; animation: none !important; } }
`;
