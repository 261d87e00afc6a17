import { useParams } from 'react-router-dom';
import type { ValidationData } from '@val/contracts';
import { Container, Section } from '@val/ui';
import { RemoteSlot } from '../federation/RemoteSlot';

const Page = ({ children }: { children: React.ReactNode }) => (
  <Section>
    <Container>{children}</Container>
  </Section>
);

export function ProductsPage() {
  return (
    <Page>
      <RemoteSlot remote="catalogue" props={{ view: 'products' }} minHeight={600} />
    </Page>
  );
}

export function EnterprisePage() {
  return (
    <Page>
      <RemoteSlot remote="catalogue" props={{ view: 'enterprise' }} minHeight={500} />
    </Page>
  );
}

export function ReportPage() {
  const { reportId } = useParams();
  return (
    <Page>
      <RemoteSlot remote="catalogue" props={{ view: 'report', reportId }} minHeight={500} />
    </Page>
  );
}

/** `/v/:id`: one validation's read-only permalink page (the validation remote, loaded lazily). */
export function ValidationPermalinkPage() {
  const { id } = useParams();
  return (
    <Page>
      <RemoteSlot remote="validation" props={{ view: 'permalink', validation: null, validationId: id }} minHeight={500} />
    </Page>
  );
}

export function SuccessPage() {
  const { session_id: sessionId } = useParams();
  return (
    <Page>
      <RemoteSlot remote="catalogue" props={{ view: 'success', sessionId }} minHeight={300} />
    </Page>
  );
}

export function LogPage() {
  return (
    <Page>
      <RemoteSlot remote="catalogue" props={{ view: 'log' }} minHeight={300} />
    </Page>
  );
}

/** /test renders an empty screen; the remote only runs the background calls. */
export function TestPage() {
  return <RemoteSlot remote="catalogue" props={{ view: 'test' }} minHeight={0} />;
}

export function AdminPage() {
  return (
    <Page>
      <RemoteSlot remote="admin" props={{}} minHeight={500} />
    </Page>
  );
}

/** /old: the older home — the validation lab and the resources kit, no step 3, no marketing. */
export function OldHomePage({ validation, onValidated }: { validation: ValidationData | null; onValidated: (v: ValidationData) => void }) {
  return (
    <>
      <Section id="validate">
        <Container>
          <RemoteSlot remote="validation" props={{ view: 'lab', validation, onValidated }} minHeight={420} />
        </Container>
      </Section>
      <Section id="resources">
        <Container>
          <RemoteSlot remote="validation" props={{ view: 'resources', validation }} minHeight={300} />
        </Container>
      </Section>
    </>
  );
}
