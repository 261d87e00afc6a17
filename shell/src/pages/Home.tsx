import { Link } from 'react-router-dom';
import type { ValidationData } from '@val/contracts';
import { Button, Container, Heading, Muted, Section } from '@val/ui';
import { RemoteSlot } from '../federation/RemoteSlot';

export interface HomeProps {
  validation: ValidationData | null;
  onValidated: (v: ValidationData) => void;
  onStartOver: () => void;
}

/** The home page frame: the remotes' slots in the spec's order, then the marketing sections. */
export function Home({ validation, onValidated, onStartOver }: HomeProps) {
  return (
    <>
      <Section id="hero" aria-label="Feasibility study">
        <Container>
          <RemoteSlot remote="catalogue" props={{ view: 'hero' }} minHeight={360} />
        </Container>
      </Section>
      <Section id="validate" aria-label="Idea Validation Lab">
        <span id="validation" />
        <Container>
          <RemoteSlot remote="validation" props={{ view: 'lab', validation, onValidated }} minHeight={420} />
          {validation && (
            <p style={{ textAlign: 'right' }}>
              <Button type="button" $variant="ghost" onClick={onStartOver}>
                Start over
              </Button>
            </p>
          )}
        </Container>
      </Section>
      <Section id="resources" aria-label="Your Startup Resources Kit">
        <Container>
          <RemoteSlot remote="validation" props={{ view: 'resources', validation }} minHeight={300} />
        </Container>
      </Section>
      <Section id="simulate" aria-label="Customer interviews and launch simulation">
        <Container>
          <RemoteSlot remote="simulation" props={{ validation }} minHeight={300} />
        </Container>
      </Section>
      <Section id="products" aria-label="AI research reports">
        <Container>
          <RemoteSlot remote="catalogue" props={{ view: 'catalogue' }} minHeight={400} />
        </Container>
      </Section>
      <Section aria-label="Validation strategy">
        <Container>
          <Heading>How do you validate an idea?</Heading>
          <Muted>
            Read the five-step method behind Val: <Link to="/validation-strategy">the validation strategy</Link>.
          </Muted>
        </Container>
      </Section>
    </>
  );
}
