import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { ValidationData } from '@val/contracts';
import { Button, Container, Section } from '@val/ui';
import { RemoteSlot } from '../federation/RemoteSlot';
import { ClosingCta } from '../components/marketing/ClosingCta';
import { HowIdeasAreValidated } from '../components/marketing/HowIdeasAreValidated';
import { NewsletterCta } from '../components/marketing/NewsletterCta';
import { ProofBar } from '../components/marketing/ProofBar';
import { StrategyTeaser } from '../components/marketing/StrategyTeaser';
import { Testimonials } from '../components/marketing/Testimonials';

export interface HomeProps {
  validation: ValidationData | null;
  onValidated: (v: ValidationData) => void;
  onStartOver: () => void;
}

/** 'Start over' clears the analysis and step 3's progress: it asks first, and Cancel keeps both. */
function StartOver({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <p style={{ textAlign: 'right', margin: '16px 0 0' }}>
        <Button type="button" $variant="secondary" onClick={() => setAsking(true)} data-testid="start-over">
          Start over
        </Button>
      </p>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby="start-over-question"
      data-testid="start-over-confirm"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 10, justifyContent: 'flex-end', alignItems: 'center', margin: '16px 0 0' }}
    >
      <span id="start-over-question" style={{ fontWeight: 600 }}>
        Clear your analysis and your step 3 progress?
      </span>
      <Button
        type="button"
        $variant="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, start over
      </Button>
      <Button type="button" $variant="secondary" autoFocus onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * Renders its children right after the first screen, in a transition: the first commit (header,
 * hero, proof bar, the lab's preview) is small, and the hero remote's render goes before the rest
 * of the page. The server renders none of them (and so neither does the hydrating render).
 */
function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  useEffect(() => startTransition(() => setShow(true)), []);
  return show ? children : null;
}

/**
 * The home page frame, in the spec's order: feasibility hero (with the proof bar), the
 * validation lab (`#validate`, also reachable as `#validation`), the resources kit, step 3,
 * the report catalogue (`#products`), the validation-strategy link, then either the marketing
 * close (testimonials, newsletter, closing CTA) or, once a validation exists,
 * 'How Ideas Are Validated'.
 */
export function Home({ validation, onValidated, onStartOver }: HomeProps) {
  return (
    <>
      <Section id="hero" aria-label="Feasibility study">
        <Container>
          <RemoteSlot remote="catalogue" expose="Hero" props={{}} minHeight={360} eager />
          <ProofBar />
        </Container>
      </Section>
      {/* The lab's top is on a desktop's first screen: the server renders it as a preview, and its code loads as its form comes near. */}
      <Section id="validate" aria-label="Idea Validation Lab">
        <span id="validation" style={{ display: 'block', scrollMarginTop: 72 }} />
        <Container>
          <RemoteSlot remote="validation" expose="Lab" props={{ validation, onValidated }} minHeight={420} preview />
          <AfterFirstScreen>{validation && <StartOver onConfirm={onStartOver} />}</AfterFirstScreen>
        </Container>
      </Section>
      <AfterFirstScreen>
        <Section id="resources" aria-label="Your Startup Resources Kit">
          <Container>
            <RemoteSlot remote="validation" expose="Resources" props={{ validation }} minHeight={300} />
          </Container>
        </Section>
        <Section id="simulate" aria-label="Customer interviews and launch simulation">
          <Container>
            <RemoteSlot remote="simulation" expose="App" props={{ validation }} minHeight={300} />
          </Container>
        </Section>
        <Section id="products" aria-label="AI research reports">
          <Container>
            <RemoteSlot remote="catalogue" expose="Catalogue" props={{}} minHeight={400} />
          </Container>
        </Section>
        <StrategyTeaser />
        {validation ? (
          <HowIdeasAreValidated />
        ) : (
          <>
            <Testimonials />
            <NewsletterCta />
            <ClosingCta />
          </>
        )}
      </AfterFirstScreen>
    </>
  );
}
