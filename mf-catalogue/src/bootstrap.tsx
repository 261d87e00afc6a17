import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { GlobalStyle, ThemeProvider, Toaster } from '@val/ui';
import Hero from './exposes/Hero';
import Catalogue from './exposes/Catalogue';
import Routes from './exposes/Routes';

/** Standalone mount for this remote's own dev server: the hero and the catalogue section, then the page of the current path (/products, /report/…). */
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <ThemeProvider>
    <GlobalStyle />
    <BrowserRouter>
      <Hero />
      <Catalogue />
      <Routes />
    </BrowserRouter>
    <Toaster />
  </ThemeProvider>,
);
