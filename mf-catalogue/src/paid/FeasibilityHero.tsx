import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@val/ui/router';
import styled from 'styled-components';
import { FEASIBILITY_AGENT_COUNT, FEASIBILITY_LIMITS, PAID_STORAGE_KEYS } from '@val/contracts';
import { Badge, Button, Card, Input, TextArea, t } from '@val/ui';
import { loadPaidConfig } from './config';
import { clearPendingPurchase, goToCheckout, heroErrors, heroNextStep, local, paidUrls, PAID_TEXTS, savePurchaseBasis, session } from './flow';
import { UntilHydrated } from '../lib/hydrated';

const Wrap = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
  gap: 40px;
  align-items: center;
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 24px;
  }
`;

const Title = styled.h1`
  font-size: clamp(2rem, 5vw, 3.2rem);
  line-height: 1.08;
  margin: 14px 0 16px;
  letter-spacing: -0.02em;
  span {
    color: ${t.primaryInk};
  }
`;

const Lead = styled.p`
  color: ${t.textMuted};
  font-size: 1.1rem;
  margin: 0 0 20px;
  max-width: 34em;
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 10px 18px;
  list-style: none;
  padding: 0;
  margin: 0;
  color: ${t.text};
  font-weight: 600;
  font-size: 0.95rem;
  li::before {
    content: '✓';
    color: ${t.success};
    margin-right: 6px;
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-weight: 700;
  font-size: 0.8rem;
  letter-spacing: 0.08em;
  .row {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
  .count {
    font-weight: 500;
    letter-spacing: 0;
    color: ${t.textMuted};
    font-variant-numeric: tabular-nums;
  }
  abbr {
    text-decoration: none;
    color: ${t.danger};
    margin-left: 2px;
  }
`;

/** The error flag (red border) stays red while the field has focus. */
const invalidStaysRed = `
  &[aria-invalid='true'],
  &[aria-invalid='true']:focus {
    border-color: ${t.danger};
  }
`;
const MarketField = styled(TextArea)`
  ${invalidStaysRed}
`;
const IdeaField = styled(Input)`
  ${invalidStaysRed}
`;

const Submit = styled(Button)`
  padding-inline: 12px;
  @media (max-width: 380px) {
    font-size: 0.95rem;
  }
`;

const Fine = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${t.textMuted};
  text-align: center;
`;

/**
 * The home page's feasibility-study hero: TARGET MARKET and PRODUCT IDEA, then the spec's branch
 * (paying customer → /success, known email → checkout, else → sign-in).
 */
export function FeasibilityHero({ apiBase = '' }: { apiBase?: string }) {
  const navigate = useNavigate();
  const store = local();
  const [targetMarket, setTargetMarket] = useState(() => store.getItem(PAID_STORAGE_KEYS.targetMarket) ?? '');
  const [productIdea, setProductIdea] = useState(() => store.getItem(PAID_STORAGE_KEYS.idea) ?? '');
  const [errors, setErrors] = useState({ targetMarket: false, productIdea: false });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Back from the provider or the checkout (page restored from the back/forward cache).
    const reset = () => setBusy(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = heroErrors(targetMarket, productIdea);
    if (found.targetMarket || found.productIdea) {
      setErrors(found);
      return;
    }
    store.setItem(PAID_STORAGE_KEYS.targetMarket, targetMarket.trim());
    store.setItem(PAID_STORAGE_KEYS.idea, productIdea.trim());
    // The hero orders the feasibility study: a catalogue purchase left from earlier is not it.
    clearPendingPurchase(session());
    // The hero's study is on the words alone: a basis chosen in a purchase dialog does not carry over.
    savePurchaseBasis(local(), undefined);
    const step = heroNextStep(store);
    if (step === 'success') {
      navigate('/success');
      return;
    }
    setBusy(true);
    const urls = paidUrls(await loadPaidConfig(apiBase));
    if (step === 'checkout') {
      if (!goToCheckout(urls.checkoutForm, store, null)) setBusy(false);
      return;
    }
    window.location.assign(urls.login);
  };

  return (
    <Wrap data-testid="feasibility-hero">
      <div>
        <Badge $tone="purple">New Product Feasibility Study</Badge>
        <Title>
          Will your product <span>work</span> in your market?
        </Title>
        <Lead>
          {FEASIBILITY_AGENT_COUNT} AI agents study your idea in your target market — customers, trends, regulation, competitors, costs and risks — and hand you
          a feasibility report with a clear go or no-go.
        </Lead>
        <Facts>
          <li>{FEASIBILITY_AGENT_COUNT} AI agents</li>
          <li>PDF + shareable link</li>
          <li>One-time $25, no subscription</li>
        </Facts>
      </div>
      <Card>
        <Form onSubmit={submit} noValidate aria-label="Start a feasibility study">
          <UntilHydrated>
            <Label>
              <span className="row">
                <span>
                  <span>{PAID_TEXTS.targetMarketLabel}</span>
                  <abbr title="required">*</abbr>
                </span>
                <span className="count" aria-hidden="true">
                  {targetMarket.length}/{FEASIBILITY_LIMITS.targetMarket}
                </span>
              </span>
              <MarketField
                name="target_market"
                required
                rows={3}
                maxLength={FEASIBILITY_LIMITS.targetMarket}
                placeholder="e.g. Independent gyms in the UK"
                value={targetMarket}
                $invalid={errors.targetMarket}
                aria-invalid={errors.targetMarket}
                onChange={(e) => {
                  setTargetMarket(e.target.value);
                  if (e.target.value.trim()) setErrors((x) => ({ ...x, targetMarket: false }));
                }}
              />
            </Label>
            <Label>
              <span className="row">
                <span>
                  <span>{PAID_TEXTS.productIdeaLabel}</span>
                  <abbr title="required">*</abbr>
                </span>
                <span className="count" aria-hidden="true">
                  {productIdea.length}/{FEASIBILITY_LIMITS.productIdea}
                </span>
              </span>
              <IdeaField
                name="product_idea"
                required
                maxLength={FEASIBILITY_LIMITS.productIdea}
                placeholder="e.g. An app that books and pays for classes in two taps"
                value={productIdea}
                $invalid={errors.productIdea}
                aria-invalid={errors.productIdea}
                onChange={(e) => {
                  setProductIdea(e.target.value);
                  if (e.target.value.trim()) setErrors((x) => ({ ...x, productIdea: false }));
                }}
              />
            </Label>
            <Submit type="submit" $block disabled={busy}>
              {PAID_TEXTS.heroButton}
            </Submit>
            <Fine>Secure checkout · report delivered by email and on a private link</Fine>
          </UntilHydrated>
        </Form>
      </Card>
    </Wrap>
  );
}
