import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyle, ThemeProvider, Toaster } from '@val/ui';
import Routes from './exposes/Routes';

/** Standalone mount for this remote's own dev server (open /admin). */
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <ThemeProvider>
    <GlobalStyle />
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
    <Toaster />
  </ThemeProvider>,
);
