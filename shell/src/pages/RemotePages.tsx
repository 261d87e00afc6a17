import { useEffect, useState } from 'react';
import { useLocation } from '@val/ui/router';
import { pageOf, type RemotesManifest, type ValidationData } from '@val/contracts';
import { Button, Container, Section } from '@val/ui';
import { RemoteSlot } from '../federation/RemoteSlot';
import { getManifest, loadedManifest } from '../federation/remotes';
import { usePageData, useServerParts } from '../federation/serverParts';
import { NotFound } from './NotFound';

/** The remote list once read (it is inlined in the page, so this is a microtask on a first load; on the server, it is given). */
export function useRemotesList(): RemotesManifest | 'failed' | null {
  const server = useServerParts();
  const [list, setList] = useState<RemotesManifest | 'failed' | null>(() => server?.list ?? loadedManifest() ?? null);
  useEffect(() => {
    if (list !== null && list !== 'failed') return;
    let current = true;
    getManifest().then(
      (m) => current && setList(m),
      () => current && setList('failed'),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once: a list already known is not read again
  }, []);
  return list;
}

/**
 * Every path the shell has no page for: the founder page at its slug, a remote's page when one of
 * the remotes' route lists (from their manifests, passed in the remote list) matches it, else the
 * 404 screen. The remote renders its own routes below (`<remote>/Routes`); the shell only frames it.
 */
export function OtherPaths({ founderPage }: { founderPage: React.ReactNode }) {
  const { pathname } = useLocation();
  const list = useRemotesList();
  const pageData = usePageData(pathname);
  if (list === null) return <div style={{ minHeight: '60vh' }} aria-busy="true" />;
  // Without the remote list the shell cannot tell a remote's page from a missing one.
  if (list === 'failed')
    return (
      <Section>
        <Container style={{ textAlign: 'center' }} role="alert">
          <p>This section is unavailable</p>
          <Button type="button" $variant="secondary" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </Container>
      </Section>
    );
  const owner = pageOf(pathname, list.founderSlug, list.remotes);
  if (!owner) return <NotFound />;
  if ('shell' in owner) return <>{founderPage}</>;
  return (
    <Section>
      <Container>
        <RemoteSlot key={owner.remote} remote={owner.remote} expose="Routes" props={pageData ? { pageData } : {}} minHeight={500} eager />
      </Container>
    </Section>
  );
}

/** /old: the older home — the validation lab and the resources kit, no step 3, no marketing. */
export function OldHomePage({ validation, onValidated }: { validation: ValidationData | null; onValidated: (v: ValidationData) => void }) {
  return (
    <>
      <Section id="validate">
        <Container>
          <RemoteSlot remote="validation" expose="Lab" props={{ validation, onValidated }} minHeight={420} />
        </Container>
      </Section>
      <Section id="resources">
        <Container>
          <RemoteSlot remote="validation" expose="Resources" props={{ validation }} minHeight={300} />
        </Container>
      </Section>
    </>
  );
}
