import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@val/ui/router';
import type { ValidationData } from '@val/contracts';
import { GlobalStyle, ThemeProvider, Toaster } from '@val/ui';
import App from './exposes/App';

/** The validation the shell would pass, read from the shell's storage key (standalone dev only). */
function storedValidation(): ValidationData | null {
  try {
    const v = JSON.parse(window.localStorage.getItem('val.validation') ?? 'null') as ValidationData | null;
    return v && typeof v.idea === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Standalone mount for this remote's own dev server. */
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <ThemeProvider>
    <GlobalStyle />
    <BrowserRouter>
      <App validation={storedValidation()} />
    </BrowserRouter>
    <Toaster />
  </ThemeProvider>,
);
