import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { GlobalStyle, ThemeProvider, Toaster } from '@val/ui';
import { NOT_FOUND_META, PAGE_META, PAGE_PATHS, pageOf, START_OVER_EVENT } from '@val/contracts';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { getManifest } from './federation/remotes';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { AdminPage, EnterprisePage, LogPage, OldHomePage, ProductsPage, ReportPage, SuccessPage, TestPage, ValidationPermalinkPage } from './pages/RemotePages';
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

/** `/{name}`: the founder page at its configured slug, anything else is the 404 screen. */
/**
 * The tab's title follows the page as the visitor navigates. The first page's title is already in
 * the HTML the server sent (a permalink's names its idea), so it is kept.
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
      .then((m) => m.founderSlug)
      .catch(() => '')
      .then((slug) => {
        const name = pageOf(pathname, slug);
        if (current) document.title = (name ? PAGE_META[name] : NOT_FOUND_META).title;
      });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}

function SlugRoute() {
  const { slug } = useParams();
  const [founderSlug, setFounderSlug] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    getManifest()
      .then((m) => setFounderSlug(m.founderSlug))
      .catch(() => setFounderSlug('founder'))
      .finally(() => setReady(true));
  }, []);
  if (!ready) return null;
  return slug === founderSlug ? <FounderPage /> : <NotFound />;
}

export function App() {
  const { validation, setValidation } = useValidationState();
  const startOver = () => {
    setValidation(null);
    window.dispatchEvent(new CustomEvent(START_OVER_EVENT));
  };
  return (
    <ThemeProvider>
      <GlobalStyle />
      <BrowserRouter>
        <ScrollManager />
        <DocumentTitle />
        <Header />
        <Main>
          <Suspense fallback={<div style={{ minHeight: '60vh' }} aria-busy="true" />}>
            <Routes>
              <Route path={PAGE_PATHS.home} element={<Home validation={validation} onValidated={setValidation} onStartOver={startOver} />} />
              <Route path={PAGE_PATHS.old} element={<OldHomePage validation={validation} onValidated={setValidation} />} />
              <Route path={PAGE_PATHS.about} element={<AboutPage />} />
              <Route path={PAGE_PATHS.terms} element={<TermsPage />} />
              <Route path={PAGE_PATHS.privacy} element={<PrivacyPage />} />
              <Route path={PAGE_PATHS.report} element={<ReportPage />} />
              <Route path={PAGE_PATHS.permalink} element={<ValidationPermalinkPage />} />
              <Route path={PAGE_PATHS.validationStrategy} element={<ValidationStrategyPage />} />
              <Route path={PAGE_PATHS.test} element={<TestPage />} />
              <Route path={PAGE_PATHS.success} element={<SuccessPage />} />
              <Route path={PAGE_PATHS.log} element={<LogPage />} />
              <Route path={PAGE_PATHS.products} element={<ProductsPage />} />
              <Route path={PAGE_PATHS.admin} element={<AdminPage />} />
              <Route path={PAGE_PATHS.enterprise} element={<EnterprisePage />} />
              <Route path={PAGE_PATHS.consulting} element={<ConsultingPage />} />
              <Route path={PAGE_PATHS.api} element={<ApiPage />} />
              <Route path={PAGE_PATHS.security} element={<SecurityPage />} />
              <Route path={PAGE_PATHS.founder} element={<SlugRoute />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </Main>
        <Footer />
      </BrowserRouter>
      <Toaster />
    </ThemeProvider>
  );
}
