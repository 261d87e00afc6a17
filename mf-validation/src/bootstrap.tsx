import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyle, ThemeProvider, Toaster } from '@val/ui';
import Lab from './exposes/Lab';
import Resources from './exposes/Resources';
import Routes from './exposes/Routes';

/** Standalone mount for this remote's own dev server: steps 1 and 2, and the permalink page on /v/:id. */
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <ThemeProvider>
    <GlobalStyle />
    <BrowserRouter>
      <Lab validation={null} />
      <Resources validation={null} />
      <Routes />
    </BrowserRouter>
    <Toaster />
  </ThemeProvider>,
);
