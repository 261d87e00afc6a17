export * from './theme';
export * from './GlobalStyle';
export * from './ThemeProvider';
export * from './toast';
export * from './Toaster';
export * from './primitives';
