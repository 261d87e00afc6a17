import { createContext, lazy, Suspense, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, isRouteErrorResponse, Link, Outlet, RouterProvider, useLocation, useRouteError, type RouteObject } from '@val/ui/router';
import styled from 'styled-components';
import { Button, Container, GlobalStyle, Muted, Section, ThemeProvider, Toaster } from '@val/ui';
import { metaOf, PAGE_PATHS, pageOf, START_OVER_EVENT, type ValidationData } from '@val/contracts';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { getManifest } from './federation/remotes';
import { Home } from './pages/Home';
import { OldHomePage, OtherPaths } from './pages/RemotePages';
import { useValidationState } from './state/validation';
// Static pages are split into their own chunks: the landing page does not pay for them.
const page = <K extends string>(name: K, load: () => Promise<Record<K, ComponentType>>) => lazy(() => load().then((m) => ({ default: m[name] })));
const AboutPage = page('AboutPage', () => import('./pages/static/AboutPage'));
const ApiPage = page('ApiPage', () => import('./pages/static/ApiPage'));
const ConsultingPage = page('ConsultingPage', () => import('./pages/static/ConsultingPage'));
const FounderPage = page('FounderPage', () => import('./pages/static/FounderPage'));
const PrivacyPage = page('PrivacyPage', () => import('./pages/static/PrivacyPage'));
const SecurityPage = page('SecurityPage', () => import('./pages/static/SecurityPage'));
const TermsPage = page('TermsPage', () => import('./pages/static/TermsPage'));
const ValidationStrategyPage = page('ValidationStrategyPage', () => import('./pages/static/ValidationStrategyPage'));

const Main = styled.main`
  min-height: calc(100vh - 64px);
`;

/**
 * Scrolls to the hash target (e.g. /#validation, /#products, /about#contact) once it exists, else
 * to the top. Remotes above the target may still be loading, so for a few seconds the target is
 * kept in place as the layout settles, until the visitor scrolls on their own.
 */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const cleanups: Array<() => void> = [];
    const cleanup = () => cleanups.splice(0).forEach((fn) => fn());
    let tries = 0;
    const timer = setInterval(() => {
      const el = document.getElementById(id);
      if (!el && ++tries <= 40) return;
      clearInterval(timer);
      if (!el) return;
      el.scrollIntoView({ behavior: 'smooth', block: 'start' });
      const keep = new ResizeObserver(() => el.scrollIntoView({ behavior: 'instant', block: 'start' }));
      keep.observe(document.body);
      const stop = setTimeout(cleanup, 4000);
      const userScrolls = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
      userScrolls.forEach((ev) => window.addEventListener(ev, cleanup, { passive: true, once: true }));
      cleanups.push(
        () => keep.disconnect(),
        () => clearTimeout(stop),
        () => userScrolls.forEach((ev) => window.removeEventListener(ev, cleanup)),
      );
    }, 100);
    cleanups.push(() => clearInterval(timer));
    return cleanup;
  }, [pathname, hash]);
  return null;
}

/**
 * The tab's title follows the page as the visitor navigates: the shell's pages' titles and the
 * remotes' routes' (each remote's route list carries its pages' titles). The first page's title is
 * already in the HTML the server sent (a permalink's names its idea), so it is kept.
 */
function DocumentTitle() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let current = true;
    getManifest()
      .then((m) => metaOf(pageOf(pathname, m.founderSlug, m.remotes)))
      .catch(() => metaOf(pageOf(pathname, '')))
      .then((meta) => {
        if (current) document.title = meta.title;
      });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}

/** The validation of step 1, owned by the shell (kept in the browser until "Start over"). */
const ValidationContext = createContext<{ validation: ValidationData | null; setValidation: (v: ValidationData | null) => void; startOver: () => void } | null>(
  null,
);

function ValidationState({ children }: { children: ReactNode }) {
  const { validation, setValidation } = useValidationState();
  const startOver = () => {
    setValidation(null);
    window.dispatchEvent(new CustomEvent(START_OVER_EVENT));
  };
  return <ValidationContext.Provider value={{ validation, setValidation, startOver }}>{children}</ValidationContext.Provider>;
}

const useValidation = () => useContext(ValidationContext)!;

function HomeRoute() {
  const { validation, setValidation, startOver } = useValidation();
  return <Home validation={validation} onValidated={setValidation} onStartOver={startOver} />;
}

function OldHomeRoute() {
  const { validation, setValidation } = useValidation();
  return <OldHomePage validation={validation} onValidated={setValidation} />;
}

/**
 * A page that failed while rendering (a route's error boundary): the header and footer stay, the
 * page says so and offers a reload. A remote's own failures stay in its slot (RemoteSlot).
 */
export function PageError() {
  const error = useRouteError();
  useEffect(() => console.error('Page crashed while rendering', error), [error]);
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Section>
      <Container style={{ textAlign: 'center' }} role="alert">
        <h1>{missing ? '404 Page Not Found' : 'This page could not be shown'}</h1>
        <Muted>{missing ? 'The page you are looking for does not exist or has moved.' : 'Something went wrong while showing this page.'}</Muted>
        <p style={{ display: 'flex', gap: 12, justifyContent: 'center', alignItems: 'center' }}>
          <Button type="button" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Link to="/">Back to home</Link>
        </p>
      </Container>
    </Section>
  );
}

/** The frame every page shares: header, main (with the page's route) and footer. */
function Layout() {
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      <Header />
      <Main>
        <Suspense fallback={<div style={{ minHeight: '60vh' }} aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
    </>
  );
}

/**
 * The shell's routes: its own pages (PAGE_PATHS) and one catch-all. Every other page belongs to a
 * remote: the catch-all asks the remote list which remote's routes match the path and renders that
 * remote's `Routes` (or the founder page, or the 404 screen). A remote adds a page by adding it to
 * its route list and deploying; the shell is not rebuilt. Each route has its own error boundary.
 */
export const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <PageError />,
    children: [
      { path: PAGE_PATHS.home, element: <HomeRoute /> },
      { path: PAGE_PATHS.old, element: <OldHomeRoute /> },
      { path: PAGE_PATHS.about, element: <AboutPage /> },
      { path: PAGE_PATHS.terms, element: <TermsPage /> },
      { path: PAGE_PATHS.privacy, element: <PrivacyPage /> },
      { path: PAGE_PATHS.validationStrategy, element: <ValidationStrategyPage /> },
      { path: PAGE_PATHS.consulting, element: <ConsultingPage /> },
      { path: PAGE_PATHS.api, element: <ApiPage /> },
      { path: PAGE_PATHS.security, element: <SecurityPage /> },
      // PAGE_PATHS.founder (`/:slug`) and every remote's page.
      { path: '*', element: <OtherPaths founderPage={<FounderPage />} /> },
    ].map((route) => ({ ...route, errorElement: <PageError /> })),
  },
];

/** Around the router, in the browser and in the server render (src/server.tsx): theme, global styles, the validation, toasts. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <GlobalStyle />
      <ValidationState>{children}</ValidationState>
      <Toaster />
    </ThemeProvider>
  );
}

export function App() {
  const [router] = useState(() => createBrowserRouter(ROUTES));
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
