import { useMemo, useRef } from 'react';
import styled from 'styled-components';
import type { QueryClient } from '@tanstack/react-query';
import {
  countOf,
  buildCustomerInsights,
  validationFingerprint,
  type CustomerPersona,
  type InterviewMessage,
  type MentorChatMessage,
  type SimulationAppProps,
  type SimulationMonth,
} from '@val/contracts';
import { Badge, Button, Card, Heading, Muted, Spinner, t, toast } from '@val/ui';
import { recentHistory, simulationApi } from './api';
import { ProviderNote } from './components/common';
import { InterviewChat, PersonaCards } from './components/Interviews';
import { ModelExplanation, MonthCard, SimulationComplete, ValChatPanel } from './components/Simulation';
import { valGreeting } from './lib/format';
import { monthForVal } from './lib/months';
import { QueryProvider } from './query';
import { newId, phaseOf } from './state/store';
import { useStep3 } from './state/useStep3';
import { useStep3Mutations } from './state/useStep3Mutations';

/** The pill and the heading, as steps 1 and 2 show them. */
const Intro = styled.header`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: flex-start;
  ${Heading} {
    margin: 0;
  }
`;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 18px;
  scroll-margin-top: 80px;
`;
const Locked = styled(Card)`
  border-style: dashed;
  text-align: center;
  padding: 36px 20px;
  color: ${t.textMuted};
  font-size: 1.05rem;
  p {
    margin: 8px auto 0;
    max-width: 560px;
  }
`;
const LockIcon = styled.span`
  display: inline-flex;
  width: 48px;
  height: 48px;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
  font-size: 1.4rem;
`;
const ValSays = styled.p`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  background: color-mix(in srgb, ${t.primary} 10%, transparent);
  border: 1px solid color-mix(in srgb, ${t.primary} 35%, ${t.border});
  strong {
    color: ${t.primaryInk};
  }
`;
const Months = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;
const Sub = styled.h3`
  margin: 0;
  font-size: 1.25rem;
`;

const now = () => new Date().toISOString();
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** Step 3 with this remote's query client (a test passes a fresh `queryClient`). */
export function SimulationStep({ queryClient, ...props }: SimulationAppProps & { queryClient?: QueryClient }) {
  return (
    <QueryProvider client={queryClient}>
      <Step3 {...props} />
    </QueryProvider>
  );
}

/**
 * Step 3: locked → start (personas) → interviews → 6-month simulation with challenges and Val's chat.
 * Its state is one reducer (state/step3Reducer.ts: the stored progress and what is open or streaming); its calls are Query mutations.
 */
function Step3({ validation, apiBase }: SimulationAppProps) {
  const api = useMemo(() => simulationApi(apiBase ?? ''), [apiBase]);
  const { state: view, dispatch } = useStep3(validation);
  const { progress: state, epoch, selectedId, openMonth, interviewDrafts, chatDrafts } = view;
  const phase = phaseOf(Boolean(validation), state);
  const calls = useStep3Mutations(api, dispatch, validation ? validationFingerprint(validation) : '');
  const rootRef = useRef<HTMLDivElement>(null);

  const scrollTop = () => rootRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const generateCustomers = () => {
    if (!validation) {
      toast({ title: 'Validation Required', description: 'Please complete the idea validation first' });
      return;
    }
    if (!calls.busy.generateCustomers()) calls.generateCustomers.mutate({ epoch, validation });
  };

  /** Asks the persona (empty question = its opening message); true when a reply arrived (or the local greeting stood in). */
  const ask = (p: CustomerPersona, question: string): Promise<boolean> => {
    if (!validation) return Promise.resolve(false);
    const history = recentHistory(state.interviews[p.id] ?? []);
    const mine: InterviewMessage | null = question ? { id: newId('q'), customerId: p.id, isUser: true, text: question, timestamp: now() } : null;
    dispatch({ type: 'interviewAsked', customerId: p.id, message: mine });
    return calls.interview.mutateAsync({ epoch, validation, persona: p, question, questionId: mine?.id ?? null, history }).then(
      () => true,
      () => !mine,
    );
  };

  const selectPersona = (p: CustomerPersona) => {
    dispatch({ type: 'personaSelected', id: p.id });
    if (!(state.interviews[p.id] ?? []).length && !(p.id in interviewDrafts)) void ask(p, '');
  };

  const generateSimulation = () => {
    if (!validation || !state.completed.length || calls.busy.generateSimulation()) return;
    calls.generateSimulation.mutate(
      { epoch, validation, insights: buildCustomerInsights(state.personas, state.interviews, state.completed) },
      { onSuccess: () => requestAnimationFrame(scrollTop) },
    );
  };

  const getFeedback = (m: SimulationMonth) => {
    const answer = (state.answers[m.month] ?? '').trim();
    if (!validation || !answer || !m.challenge || calls.busy.challengeFeedback(m.month)) return;
    const months = (state.simulation ?? []).map((x, _i, all) => monthForVal(x, all));
    calls.challengeFeedback.mutate({ epoch, validation, month: m.month, challenge: m.challenge, response: answer, months });
  };

  const toggleChat = (months: SimulationMonth[], index: number) => {
    const greeting: MentorChatMessage = { id: newId('val'), isUser: false, text: valGreeting(months, index), timestamp: now() };
    dispatch({ type: 'chatToggled', month: months[index].month, greeting });
  };

  const sendChat = (m: SimulationMonth, text: string): Promise<boolean> => {
    if (!validation) return Promise.resolve(false);
    const history = recentHistory(state.chats[m.month] ?? []);
    const mine: MentorChatMessage = { id: newId('me'), isUser: true, text, timestamp: now() };
    dispatch({ type: 'chatAsked', month: m.month, message: mine });
    return calls.valChat
      .mutateAsync({ epoch, validation, month: m.month, question: text, messageId: mine.id, history, simulationData: monthForVal(m, state.simulation ?? []) })
      .then(
        () => true,
        () => false,
      );
  };

  const selected = state.personas.find((p) => p.id === selectedId) ?? null;
  const generatingCustomers = calls.generateCustomers.isPending;
  const simulating = calls.generateSimulation.isPending;

  return (
    <Root ref={rootRef} data-remote="simulation" data-phase={phase}>
      <Intro>
        <Badge $tone="purple" data-step-pill>
          Step 3
        </Badge>
        <Heading>Interview customers and simulate your launch</Heading>
      </Intro>

      {phase === 'locked' && (
        <Locked data-testid="simulation-locked">
          <LockIcon aria-hidden>
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <rect x="4" y="11" width="16" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
          </LockIcon>
          <p>Complete Steps 1 and 2 above to unlock customer interviews and startup simulation!</p>
        </Locked>
      )}

      {phase === 'start' && validation && (
        <Card>
          <Muted style={{ marginTop: 0 }}>
            Val creates three customers who match your target customer — “{clip(validation.targetCustomer, 120)}”. Interview them about their pain points,
            budget and timeline, then simulate your first six months after launch.
          </Muted>
          <Button type="button" onClick={generateCustomers} disabled={generatingCustomers}>
            {generatingCustomers && <Spinner $size={16} />}
            {generatingCustomers ? 'Generating Customers...' : 'Simulate Customer Conversations'}
          </Button>
        </Card>
      )}

      {phase === 'interviews' && (
        <>
          <ValSays>
            <strong>Val:</strong> Interview all three customers before you simulate — every conversation makes your launch simulation more realistic. Pick a
            customer to start.
          </ValSays>
          <PersonaCards personas={state.personas} completed={state.completed} selectedId={selectedId} onSelect={selectPersona} />
          {selected && (
            <InterviewChat
              persona={selected}
              messages={state.interviews[selected.id] ?? []}
              draft={interviewDrafts[selected.id] ?? null}
              pending={selected.id in interviewDrafts}
              done={state.completed.includes(selected.id)}
              onSend={(q) => ask(selected, q)}
              onDone={() => dispatch({ type: 'interviewFinished' })}
            />
          )}
          {state.completed.length > 0 && (
            <Card style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
              <Muted style={{ margin: 0 }}>
                {state.completed.length} of {countOf(state.personas.length, 'interview')} done.
              </Muted>
              <Button type="button" onClick={generateSimulation} disabled={simulating}>
                {simulating && <Spinner $size={16} />}
                {simulating ? 'Generating Simulation. Wait 30 seconds...' : 'Generate Journey Simulation'}
              </Button>
            </Card>
          )}
          <ProviderNote provider={state.provider} />
        </>
      )}

      {phase === 'simulation' && state.simulation && (
        <>
          <div>
            <Sub>Your first six months</Sub>
            <Muted>
              A month-by-month simulation of your launch, built from {countOf(state.completed.length, 'customer interview')}. Answer Val's challenges and chat
              with Val about any month.
            </Muted>
            <ModelExplanation
              a={state.assumptions}
              sheet={state.factSheet?.kind === 'simulation' && Array.isArray(state.factSheet.months) ? state.factSheet : null}
            />
          </div>
          <Months>
            {state.simulation.map((m, i, months) => (
              <MonthCard
                key={m.month}
                months={months}
                index={i}
                answer={state.answers[m.month] ?? ''}
                feedback={state.feedback[m.month]}
                feedbackPending={calls.feedbackPending.includes(m.month)}
                onAnswer={(text) => dispatch({ type: 'answerChanged', month: m.month, text })}
                onFeedback={() => getFeedback(m)}
                chatOpen={openMonth === m.month}
                onToggleChat={() => toggleChat(months, i)}
                chat={
                  <ValChatPanel
                    month={m.month}
                    messages={state.chats[m.month] ?? []}
                    draft={chatDrafts[m.month] ?? null}
                    pending={m.month in chatDrafts}
                    onSend={(text) => sendChat(m, text)}
                    onClose={() => dispatch({ type: 'chatClosed' })}
                  />
                }
              />
            ))}
          </Months>
          <ProviderNote provider={state.provider} />
          <SimulationComplete onClick={(p, linkType) => api.trackClick(p.company, linkType, linkType === 'logo' ? p.logoUrl : p.url)} />
        </>
      )}
    </Root>
  );
}
