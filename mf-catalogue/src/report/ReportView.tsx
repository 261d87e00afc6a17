import { lazy, Suspense, useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { countOf, FEASIBILITY_STUDY_ID, type CatalogueProduct, type PageData, type ReportEvent } from '@val/contracts';
import { getProduct } from '@val/content';
import { createValApi } from '@val/client';
import { Button, ButtonLink, Card, Heading, Muted, Spinner, t, toast } from '@val/ui';
import { SourcesList } from '@val/ui/factSheet';
import { QueryProvider } from '../query';
import { EvidenceUsed } from './EvidenceUsed';
import { BasisPanel } from './BasisPanel';
import { ReportFactSheetView } from './FactSheet';
import { StepIcon } from './icons';
import { useReport, type LiveStatus } from './useReport';

const loadMarkdown = () => import(/* webpackChunkName: "markdown" */ '@val/ui/markdown');
const Markdown = lazy(loadMarkdown);

const Center = styled(Card)`
  max-width: 720px;
  margin: 0 auto;
  text-align: center;
  padding: 36px 24px;
  @media (max-width: 600px) {
    padding: 28px 16px;
  }
`;

/** The running agent's mark grows and shrinks; its text keeps full contrast (a fading text fell below WCAG AA mid-pulse). */
const pulse = keyframes`50% { transform: scale(1.6); }`;

const StatusLine = styled.p`
  margin: 18px 0 0;
  font-weight: 600;
  color: ${t.text};
  min-height: 1.6em;
`;

const Bar = styled.div<{ $pct: number }>`
  height: 8px;
  border-radius: 999px;
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
  overflow: hidden;
  margin: 16px auto 0;
  max-width: 420px;
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${(p) => p.$pct}%;
    background: ${t.primary};
    transition: width 300ms ease;
  }
`;

const Agents = styled.ol`
  list-style: none;
  margin: 22px auto 0;
  padding: 0;
  max-width: 460px;
  text-align: left;
  display: grid;
  gap: 6px;
  li {
    display: flex;
    align-items: center;
    gap: 10px;
    font-size: 0.93rem;
    color: ${t.textMuted};
  }
  li[data-state='finished'] {
    color: ${t.text};
  }
  li[data-state='running'] {
    color: ${t.text};
    font-weight: 600;
  }
  li[data-state='running'] .mark {
    animation: ${pulse} 1.4s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    li[data-state='running'] .mark {
      animation: none;
    }
  }
  .mark {
    width: 18px;
    text-align: center;
    flex: none;
  }
  li[data-state='finished'] .mark {
    color: ${t.success};
  }
`;

const Top = styled.header`
  margin-bottom: 24px;
  h1 {
    margin-bottom: 10px;
  }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 16px;
  @media (max-width: 480px) {
    > * {
      flex: 1 1 100%;
    }
  }
`;

const Note = styled.p`
  font-size: 0.88rem;
  color: ${t.textMuted};
  margin: 10px 0 0;
`;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Section = styled.section`
  border: 1px solid ${t.border};
  border-radius: 14px;
  background: ${t.bgElevated};
  overflow: hidden;
`;

const Toggle = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 16px 18px;
  border: 0;
  background: transparent;
  color: ${t.text};
  font: inherit;
  font-weight: 700;
  font-size: 1.05rem;
  text-align: left;
  cursor: pointer;
  .icon {
    color: ${t.primaryInk};
    display: inline-flex;
    flex: none;
  }
  .title {
    flex: 1;
  }
  .stale {
    font-size: 0.75rem;
    font-weight: 600;
    color: ${t.textMuted};
    border: 1px solid ${t.border};
    border-radius: 999px;
    padding: 2px 8px;
  }
  .chev {
    transition: transform 160ms ease;
    color: ${t.textMuted};
  }
  &[aria-expanded='true'] .chev {
    transform: rotate(180deg);
  }
  &:hover {
    background: ${t.bgSunken};
  }
`;

const Body = styled.div`
  padding: 4px 20px 18px 52px;
  line-height: 1.6;
  overflow-x: auto;
  @media (max-width: 600px) {
    padding: 4px 14px 16px;
  }
  h1,
  h2,
  h3,
  h4 {
    font-size: 1.02rem;
    margin: 18px 0 8px;
  }
  p {
    margin: 8px 0;
  }
  ul,
  ol {
    padding-left: 20px;
  }
  blockquote {
    margin: 10px 0;
    padding: 4px 14px;
    border-left: 3px solid ${t.primary};
    color: ${t.textMuted};
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9rem;
    margin: 10px 0;
  }
  @media (max-width: 600px) {
    table {
      min-width: 540px;
    }
  }
  th,
  td {
    border: 1px solid ${t.border};
    padding: 6px 8px;
    text-align: left;
    vertical-align: top;
  }
  th {
    background: ${t.bgSunken};
  }
  code {
    font-size: 0.88em;
  }
`;

const Checked = styled.p`
  margin: 14px 0 0;
  font-size: 0.85rem;
  color: ${t.textMuted};
`;

const Danger = styled.p`
  color: ${t.danger};
  font-weight: 600;
`;

const SheetWhileRunning = styled.div`
  max-width: 880px;
  margin: 24px auto 0;
`;

/** The spec's screen when there is nothing to show. */
function Message({ title, text }: { title: string; text: string }) {
  return (
    <Center>
      <Heading as="h1">{title}</Heading>
      <Muted>{text}</Muted>
    </Center>
  );
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
function nameList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > 3) return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The loading screen's status line: every agent at work when several run in parallel (never
 * just one of them), the one agent and its section when one works alone, then the count done.
 */
export function statusLine(status: LiveStatus | null, ev: ReportEvent | null, running: string[]): string {
  const agents = new Map((getProduct(status?.product ?? '')?.agents ?? []).map((a) => [a.id, a]));
  const done = status?.progress?.finished ?? 0;
  const total = status?.progress?.total ?? 0;
  const count = total ? ` · ${done} of ${total} agents done` : '';
  if (running.length > 1) {
    return `${running.length} agents are working in parallel: ${nameList(running.map((id) => agents.get(id)?.name ?? id))}${count}`;
  }
  if (ev?.type === 'step-retry') return `${ev.agent} is retrying “${ev.title}”${count}`;
  if (running.length === 1) {
    const a = agents.get(running[0]);
    const name = a?.name ?? (ev?.type === 'step-started' && ev.step === running[0] ? ev.agent : 'An agent');
    const title = a?.title ?? (ev?.type === 'step-started' && ev.step === running[0] ? ev.title : running[0]);
    return `${name} is working on “${title}”${count}`;
  }
  if (ev?.type === 'step-finished') return `${ev.agent} finished “${ev.title}”${count}`;
  if (!status || status.processing_status === 'queued') return 'Queued: your agents start in a moment';
  return `Working${count}`;
}

/** The wait the feasibility study's loading screen states, in minutes. */
const STUDY_WAIT_MINUTES = 20;

/**
 * The wait a loading screen states: about 20 minutes for the feasibility study (with its 10 AI
 * agents), and for a smaller report its average runtime rounded up to whole minutes.
 */
export function reportWaitText(product: Pick<CatalogueProduct, 'id' | 'title' | 'agents' | 'runtimeSeconds'>): string {
  const minutes = product.id === FEASIBILITY_STUDY_ID ? STUDY_WAIT_MINUTES : Math.max(1, Math.ceil(product.runtimeSeconds / 60));
  return `${product.title}: your report takes about ${countOf(minutes, 'minute')}, with ${countOf(product.agents.length, 'AI agent')} researching it in parallel. You can leave this page; the report also arrives by email.`;
}

function Loading({ state }: { state: ReturnType<typeof useReport> }) {
  const { status, lastEvent } = state;
  const product = status?.product ? getProduct(status.product) : undefined;
  const total = status?.progress?.total ?? product?.agents.length ?? 0;
  const finished = status?.progress?.finished ?? status?.flow_execution_steps.length ?? 0;
  const runningSet = new Set([...(status?.progress?.running ?? []), ...state.running]);
  const running = [...runningSet];
  const finishedIds = new Set(status ? [...status.flow_execution_steps.map((s) => s.id)] : []);
  return (
    <Center data-testid="report-loading" aria-busy="true">
      <Spinner $size={44} />
      <Heading as="h1" style={{ marginTop: 18 }}>
        Your report is being prepared
      </Heading>
      <Muted>
        {product
          ? reportWaitText(product)
          : status
            ? 'The agents are at work. This page updates by itself; you can leave it, the report also arrives by email.'
            : 'Loading the report...'}
      </Muted>
      <Bar $pct={total ? Math.round((finished / total) * 100) : 4} aria-hidden="true" />
      <StatusLine role="status" aria-live="polite" data-testid="report-status-line">
        {statusLine(status, lastEvent, running)}
      </StatusLine>
      {product && (
        <Agents aria-label="Agents">
          {product.agents.map((a) => {
            const st =
              finishedIds.has(a.id) || (a.internal && finished > 0 && !runningSet.has(a.id)) ? 'finished' : runningSet.has(a.id) ? 'running' : 'waiting';
            return (
              <li key={a.id} data-state={st} data-agent={a.id}>
                <span className="mark" aria-hidden="true">
                  {st === 'finished' ? '✓' : st === 'running' ? '•' : '○'}
                </span>
                {a.name}
              </li>
            );
          })}
        </Agents>
      )}
    </Center>
  );
}

/** What the checker did to a section before it was stored, in words ("1 unsupported claim removed"). */
export function checkNote(check: LiveStatus['flow_execution_steps'][number]['check']): string | null {
  if (!check) return null;
  const removed = check.removed > 0 ? `${countOf(check.removed, 'unsupported claim')} removed` : '';
  const repaired = check.repaired ? 'corrected once against the numbers' : '';
  return `Checked against the numbers behind this report: ${[repaired, removed].filter(Boolean).join(', then ')}.`;
}

/** A section's text, then its Sources (when it cites any) and what the checker did. */
export function StepBody({ step, rewriteUrl }: { step: LiveStatus['flow_execution_steps'][number]; rewriteUrl?: string }) {
  const note = checkNote(step.check);
  return (
    <Body id={`step-${step.id}`} data-testid={`step-body-${step.id}`}>
      {step.written_for === 'original' && (
        <Checked data-testid="step-stale" style={{ marginTop: 0 }}>
          Written for the original numbers —{' '}
          {rewriteUrl ? (
            <a href="#basis" data-testid="step-stale-link">
              write again
            </a>
          ) : (
            'write again'
          )}{' '}
          for yours (the button under “Basis and what if”).
        </Checked>
      )}
      <Suspense fallback={<Spinner $size={20} />}>
        <Markdown text={step.raw_output} headingLevel={3} />
      </Suspense>
      <SourcesList sources={step.sources ?? []} level={3} />
      {step.written_by === 'offline-after-model' && (
        <Checked data-testid="step-written-by">
          Written by Val from the numbers behind this report: the model’s draft failed the consistency check twice.
        </Checked>
      )}
      {note && <Checked data-testid="step-check">{note}</Checked>}
    </Body>
  );
}

/** The finished (or failed) report: title, tools, the fact sheet when the report has one, the sections, the evidence. */
export function Report({ reportId, status, apiBase }: { reportId: string; status: LiveStatus; apiBase: string }) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  useEffect(() => {
    void loadMarkdown();
  }, []);
  const copy = async () => {
    const link = `${window.location.origin}/report/${encodeURIComponent(reportId)}`;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      const area = document.createElement('textarea');
      area.value = link;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    toast({ title: 'Link copied', description: 'Anyone with this link can read the report.' });
  };
  return (
    <article data-testid="report" data-status={status.processing_status}>
      <Top>
        <Heading as="h1">{status.title}</Heading>
        <Muted style={{ margin: 0 }}>{status.description}</Muted>
        {status.processing_status === 'failed' && (
          <Danger role="alert">Some agents could not finish: {status.error ?? 'the report is incomplete.'} The sections below are what they completed.</Danger>
        )}
        <Tools>
          {status.product && (
            <ButtonLink href={createValApi({ baseUrl: apiBase }).url('reportPdf', { params: { id: reportId } })} download>
              Download PDF
            </ButtonLink>
          )}
          <Button type="button" $variant="secondary" onClick={copy}>
            Copy link
          </Button>
        </Tools>
        {status.provider === 'offline' && <Note>Answered by the offline analyst — connect a model for deeper analysis.</Note>}
      </Top>
      {status.fact_sheet && (
        <ReportFactSheetView sheet={status.fact_sheet} original={status.original_fact_sheet}>
          {status.processing_status === 'finished' && status.fact_sheet.basis ? (
            <BasisPanel
              reportId={reportId}
              apiBase={apiBase}
              sheet={status.fact_sheet}
              original={status.original_fact_sheet}
              stale={status.flow_execution_steps.filter((s) => s.written_for === 'original').length}
            />
          ) : null}
        </ReportFactSheetView>
      )}
      <Sections>
        {status.flow_execution_steps.map((s) => {
          const expanded = !!open[s.id];
          return (
            <Section key={s.id} data-step={s.id}>
              <h2 style={{ margin: 0 }}>
                <Toggle type="button" aria-expanded={expanded} aria-controls={`step-${s.id}`} onClick={() => setOpen((o) => ({ ...o, [s.id]: !o[s.id] }))}>
                  <span className="icon">
                    <StepIcon id={s.id} />
                  </span>
                  <span className="title">{s.title}</span>
                  {s.written_for === 'original' ? <span className="stale">written for the original numbers</span> : null}
                  <svg className="chev" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="M6 9l6 6 6-6" />
                  </svg>
                </Toggle>
              </h2>
              {expanded && <StepBody step={s} rewriteUrl={createValApi({ baseUrl: apiBase }).url('reportRewrite', { params: { id: reportId } })} />}
            </Section>
          );
        })}
      </Sections>
      {status.evidence?.length ? <EvidenceUsed evidence={status.evidence} /> : null}
    </article>
  );
}

/** `/report/:reportId?`: live progress until finished, then the report (its status in the remote's query cache). */
export function ReportView({ reportId, apiBase = '', pageData }: { reportId?: string; apiBase?: string; pageData?: PageData }) {
  if (!reportId) return <Message title="Report Not Found" text="The requested report could not be loaded." />;
  return (
    <QueryProvider>
      <LiveReport reportId={reportId} apiBase={apiBase} pageData={pageData} />
    </QueryProvider>
  );
}

function LiveReport({ reportId, apiBase, pageData }: { reportId: string; apiBase: string; pageData?: PageData }) {
  const state = useReport(reportId, apiBase, pageData);
  const { status } = state;
  if (state.notFound) return <Message title="Report Not Found" text="The requested report could not be loaded." />;
  if (!status || status.processing_status === 'queued' || status.processing_status === 'running') {
    // The sheet is computed before the agents start: the founder can read the numbers while they work.
    return status?.fact_sheet ? (
      <>
        <Loading state={state} />
        <SheetWhileRunning>
          <ReportFactSheetView sheet={status.fact_sheet} />
        </SheetWhileRunning>
      </>
    ) : (
      <Loading state={state} />
    );
  }
  if (!status.flow_execution_steps.length) {
    return (
      <Message title="No Report Data" text={status.processing_status === 'failed' && status.error ? status.error : 'This report has no results to show.'} />
    );
  }
  return <Report reportId={reportId} status={status} apiBase={apiBase} />;
}
