import { useEffect, useMemo, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  countOf,
  formatPrice,
  formatRuntime,
  isMultilineField,
  missingFields,
  PURCHASE_TEXTS,
  savingsAmount,
  savingsPercent,
  EVIDENCE_USED_TITLE,
  SYNTHETIC_INTERVIEW_LABEL,
  type CatalogueProduct,
  type ProductInputs,
  type BasisInput,
} from '@val/contracts';
import { BasisFields, basisOfForm } from '@val/ui/factSheet';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { evidenceExchangeCount } from '@val/contracts/evidence';
import { Badge, BasisBox, Button, Input, TextArea, t } from '@val/ui';
import { PriceRow } from './ProductCard';
import { startPurchase } from './purchase';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(6, 8, 18, 0.72);
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 4vh 12px;
  overflow-y: auto;
`;

const Panel = styled.div`
  position: relative;
  width: 100%;
  max-width: 980px;
  background: ${t.bgElevated};
  color: ${t.text};
  border: 1px solid ${t.border};
  border-radius: 18px;
  box-shadow: ${t.shadow};
  padding: 28px;
  @media (max-width: 600px) {
    padding: 20px 16px;
    border-radius: 14px;
  }
`;

const Close = styled.button`
  position: absolute;
  top: 12px;
  right: 12px;
  width: 40px;
  height: 40px;
  border-radius: 10px;
  border: 1px solid ${t.border};
  background: ${t.bgSunken};
  color: ${t.text};
  font-size: 1.3rem;
  line-height: 1;
  cursor: pointer;
`;

const Title = styled.h2`
  margin: 10px 48px 8px 0;
  font-size: clamp(1.4rem, 3.5vw, 1.9rem);
`;

const Desc = styled.p`
  margin: 0 0 18px;
  color: ${t.textMuted};
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px;
  margin: 0 0 18px;
  div {
    background: ${t.bgSunken};
    border: 1px solid ${t.border};
    border-radius: 12px;
    padding: 12px;
    text-align: center;
  }
  dt {
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${t.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-size: 1.35rem;
    font-weight: 800;
  }
  @media (max-width: 420px) {
    dd {
      font-size: 1.1rem;
    }
    div {
      padding: 10px 6px;
    }
  }
`;

const Panelish = styled.section`
  border: 1px solid ${t.border};
  border-radius: 14px;
  padding: 16px;
  margin-bottom: 18px;
  h3 {
    margin: 0 0 10px;
    font-size: 1.05rem;
  }
  h4 {
    margin: 14px 0 6px;
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${t.textMuted};
  }
  ul {
    margin: 0;
    padding-left: 18px;
  }
  li {
    margin: 4px 0;
  }
  li span {
    color: ${t.textMuted};
  }
  code {
    font-size: 0.82rem;
    color: ${t.accent};
  }
`;

const Savings = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px;
  border-radius: 14px;
  margin-bottom: 16px;
  background: color-mix(in srgb, ${t.success} 12%, transparent);
  border: 1px solid color-mix(in srgb, ${t.success} 45%, transparent);
  .label {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${t.textMuted};
  }
  .amount {
    font-size: 1.5rem;
    font-weight: 800;
    color: ${t.success};
  }
  .pct {
    font-weight: 600;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.35fr) minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  @media (max-width: 820px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
  }
`;

const Buy = styled.div`
  position: sticky;
  top: 0;
  border: 1px solid ${t.border};
  border-radius: 14px;
  padding: 16px;
  background: ${t.bgSunken};
  @media (max-width: 820px) {
    position: static;
  }
`;

const Fine = styled.p`
  margin: 8px 0 18px;
  color: ${t.textMuted};
  font-size: 0.9rem;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  label {
    display: flex;
    flex-direction: column;
    gap: 6px;
    font-weight: 600;
    font-size: 0.92rem;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  justify-content: flex-end;
  @media (max-width: 480px) {
    flex-direction: column-reverse;
    button {
      width: 100%;
    }
  }
`;

export interface PurchaseDialogProps {
  product: CatalogueProduct;
  apiBase?: string;
  onClose: () => void;
}

const Note = styled.p`
  margin: 0;
  padding: 10px 12px;
  border: 1px solid ${t.border};
  border-left: 3px solid ${t.accent};
  border-radius: 10px;
  font-size: 13px;
  line-height: 1.5;
  color: ${t.textMuted};
  strong {
    color: ${t.text};
  }
`;

/** Names as a sentence: "A", "A and B", "A, B and C". */
function nameList(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Tells the buyer, before they pay, that their step 3 interviews travel with the order: how many
 * replies, from whom, and that they are synthetic. Nothing without interviews.
 */
function EvidenceNote({ style }: { style?: CSSProperties }) {
  const evidence = useMemo(() => {
    try {
      return readStoredInterviewEvidence(window.localStorage);
    } catch {
      return null;
    }
  }, []);
  const replies = evidenceExchangeCount(evidence);
  if (!evidence || !replies) return null;
  const who = nameList(evidence.map((p) => `${p.name} (${p.role})`));
  return (
    <Note data-testid="evidence-note" style={style}>
      <strong>
        Your step 3 interviews go with this order: {countOf(replies, 'reply', 'replies')} from {who}.
      </strong>{' '}
      {SYNTHETIC_INTERVIEW_LABEL}; the report quotes them under “{EVIDENCE_USED_TITLE}”.
    </Note>
  );
}

/**
 * The purchase dialog: product details (counts, what you get, savings, price) → 'Get This
 * Report' → the input form (when the product has fields) → 'Proceed to Checkout' → purchase.
 */
export function PurchaseDialog({ product, apiBase = '', onClose }: PurchaseDialogProps) {
  const [step, setStep] = useState<'details' | 'form'>('details');
  const [values, setValues] = useState<ProductInputs>(() => Object.fromEntries(product.fields.map((f) => [f.name, ''])));
  const panel = useRef<HTMLDivElement>(null);
  const saved = savingsAmount(product.price, product.originalPrice);
  const pct = savingsPercent(product.price, product.originalPrice);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'Tab' && panel.current) {
        const items = panel.current.querySelectorAll<HTMLElement>('button, input, textarea, a[href], [tabindex]:not([tabindex="-1"])');
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [onClose]);

  useEffect(() => {
    if (step === 'form') panel.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [step]);

  const purchase = async (inputs: ProductInputs, basis?: BasisInput) => {
    await startPurchase(product, inputs, apiBase, basis);
    onClose();
  };

  const getReport = () => {
    if (product.fields.length) setStep('form');
    else void purchase({});
  };

  const proceed = (e: FormEvent) => {
    e.preventDefault();
    if (missingFields(product, values).length) {
      window.alert(PURCHASE_TEXTS.missingFields);
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    void purchase(trimmed, basisOfForm(e.currentTarget as HTMLFormElement) as BasisInput | undefined);
  };

  return (
    <Overlay onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby="purchase-title" tabIndex={-1} data-testid="purchase-dialog">
        <Close type="button" aria-label="Close" onClick={onClose}>
          ×
        </Close>
        <Badge $tone="purple">{product.category}</Badge>
        <Title id="purchase-title">{product.title}</Title>
        <Desc>{product.description}</Desc>

        {step === 'details' ? (
          <>
            <Stats>
              <div>
                <dt>AI agents</dt>
                <dd data-testid="stat-agents">{product.agents.length}</dd>
              </div>
              <div>
                <dt>Sources</dt>
                <dd data-testid="stat-sources">{product.sources.length}</dd>
              </div>
              <div>
                <dt>Runtime</dt>
                <dd data-testid="stat-runtime">{formatRuntime(product.runtimeSeconds)}</dd>
              </div>
            </Stats>

            <Columns>
              <Panelish aria-labelledby="what-you-get">
                <h3 id="what-you-get">What you get</h3>
                <ul>
                  {product.deliverables.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
                <h4>Your inputs</h4>
                <ul>
                  {product.inputs.map((i) => (
                    <li key={i.name}>
                      <code>{i.name}</code> <span>— {i.description}</span>
                    </li>
                  ))}
                </ul>
                <h4>Your AI research team</h4>
                <ul data-testid="agent-list">
                  {product.agents.map((a) => (
                    <li key={a.id}>
                      <strong>{a.name}</strong> <span>— {a.description}</span>
                    </li>
                  ))}
                </ul>
                <h4>Sources the agents draw on</h4>
                <p style={{ margin: 0 }}>{product.sources.join(' · ')}</p>
              </Panelish>

              <Buy>
                <Savings>
                  <div>
                    <div className="label">You Save</div>
                    <div className="amount" data-testid="you-save">
                      {formatPrice(saved)}
                    </div>
                  </div>
                  <div className="pct" data-testid="percent-off">
                    {pct}% off consultant rates
                  </div>
                </Savings>

                <PriceRow>
                  <span className="price" data-testid="price">
                    {formatPrice(product.price)}
                  </span>
                  <s data-testid="original-price">{formatPrice(product.originalPrice)}</s>
                  <span className="save">Save {pct}%</span>
                </PriceRow>
                <Fine>One-time payment. No subscription. Your report is delivered by email within {formatRuntime(product.runtimeSeconds)}.</Fine>
                <Button type="button" $block onClick={getReport}>
                  {PURCHASE_TEXTS.getReport}
                </Button>
                {!product.fields.length && <EvidenceNote style={{ marginTop: 12 }} />}
              </Buy>
            </Columns>
          </>
        ) : (
          <Form onSubmit={proceed} noValidate aria-label="Report inputs">
            {product.fields.map((f) => (
              <label key={f.name}>
                {f.label}
                {isMultilineField(f.name) ? (
                  <TextArea
                    name={f.name}
                    required
                    maxLength={f.maxLength}
                    placeholder={f.placeholder}
                    value={values[f.name]}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  />
                ) : (
                  <Input
                    name={f.name}
                    required
                    maxLength={f.maxLength}
                    placeholder={f.placeholder}
                    value={values[f.name]}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  />
                )}
              </label>
            ))}
            <BasisBox data-testid="purchase-basis">
              <summary>Basis (optional)</summary>
              <p>The report reads your market, buyer and price from your inputs. Set any of them here and they win.</p>
              <BasisFields testIdPrefix="purchase-basis" />
            </BasisBox>
            <Fine>
              {formatPrice(product.price)} one-time payment. Your report is delivered by email within {formatRuntime(product.runtimeSeconds)}.
            </Fine>
            <EvidenceNote />
            <Actions>
              <Button type="button" $variant="secondary" onClick={() => setStep('details')}>
                Back
              </Button>
              <Button type="submit">{PURCHASE_TEXTS.proceed}</Button>
            </Actions>
          </Form>
        )}
      </Panel>
    </Overlay>
  );
}
