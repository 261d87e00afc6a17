import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyle, ThemeProvider, Toaster } from '@val/ui';
import App from './exposes/App';

/** Standalone mount for this remote's own dev server. */
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <ThemeProvider>
    <GlobalStyle />
    <BrowserRouter>
      <App {...{ validation: null }} />
    </BrowserRouter>
    <Toaster />
  </ThemeProvider>,
);
