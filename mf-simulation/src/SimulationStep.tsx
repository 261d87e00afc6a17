import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  countOf,
  buildCustomerInsights,
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
import { localGreeting, valGreeting } from './lib/format';
import { monthForVal } from './lib/months';
import { newId, phaseOf } from './state/store';
import { useStep3 } from './state/useStep3';

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

/** Step 3: locked → start (personas) → interviews → 6-month simulation with challenges and Val's chat. */
export function SimulationStep({ validation, apiBase }: SimulationAppProps) {
  const api = useMemo(() => simulationApi(apiBase ?? ''), [apiBase]);
  const { state, update } = useStep3(validation);
  const phase = phaseOf(Boolean(validation), state);
  const stateRef = useRef(state);
  stateRef.current = state;
  const rootRef = useRef<HTMLDivElement>(null);

  const [generatingCustomers, setGeneratingCustomers] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [interviewPending, setInterviewPending] = useState<Record<string, boolean>>({});
  const [interviewDrafts, setInterviewDrafts] = useState<Record<string, string | null>>({});
  const [simulating, setSimulating] = useState(false);
  const [feedbackPending, setFeedbackPending] = useState<Record<number, boolean>>({});
  const [openMonth, setOpenMonth] = useState<number | null>(null);
  const [chatPending, setChatPending] = useState<Record<number, boolean>>({});
  const [chatDrafts, setChatDrafts] = useState<Record<number, string | null>>({});

  const scrollTop = () => rootRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const generateCustomers = async () => {
    if (!validation) {
      toast({ title: 'Validation Required', description: 'Please complete the idea validation first' });
      return;
    }
    setGeneratingCustomers(true);
    try {
      const r = await api.generateCustomers(validation);
      update((s) => ({ ...s, personas: r.customers, interviews: {}, completed: [], simulation: null, factSheet: null, provider: r.provider }));
      toast({ title: 'Customers Generated!', description: 'Ready to start customer interviews', variant: 'success' });
    } catch (e) {
      console.error('generate-customers failed', e);
      toast({ title: 'Error', description: 'Failed to generate customer personas' });
    } finally {
      setGeneratingCustomers(false);
    }
  };

  /** Asks the persona (empty question = its opening message); true when a reply arrived. */
  const ask = async (p: CustomerPersona, question: string): Promise<boolean> => {
    if (!validation) return false;
    const before = stateRef.current.interviews[p.id] ?? [];
    const mine: InterviewMessage | null = question ? { id: newId('q'), customerId: p.id, isUser: true, text: question, timestamp: now() } : null;
    const add = (m: InterviewMessage) => update((s) => ({ ...s, interviews: { ...s.interviews, [p.id]: [...(s.interviews[p.id] ?? []), m] } }));
    if (mine) add(mine);
    setInterviewPending((x) => ({ ...x, [p.id]: true }));
    setInterviewDrafts((x) => ({ ...x, [p.id]: '' }));
    try {
      const r = await api.interviewStream(
        { customerId: p.id, customerPersona: p, userQuestion: question, conversationHistory: recentHistory(before), validationData: validation },
        (text) => setInterviewDrafts((x) => ({ ...x, [p.id]: text })),
      );
      add({ id: newId('a'), customerId: p.id, isUser: false, text: r.response, timestamp: now() });
      update((s) => ({ ...s, provider: r.provider }));
      return true;
    } catch (e) {
      console.error('customer-interview failed', e);
      if (!mine) {
        add({ id: newId('a'), customerId: p.id, isUser: false, text: localGreeting(p), timestamp: now() });
        return true;
      }
      update((s) => ({ ...s, interviews: { ...s.interviews, [p.id]: (s.interviews[p.id] ?? []).filter((m) => m.id !== mine.id) } }));
      toast({ title: 'Error', description: 'Failed to get customer response' });
      return false;
    } finally {
      setInterviewPending((x) => ({ ...x, [p.id]: false }));
      setInterviewDrafts((x) => ({ ...x, [p.id]: null }));
    }
  };

  const selectPersona = (p: CustomerPersona) => {
    setSelectedId(p.id);
    if (!(stateRef.current.interviews[p.id] ?? []).length && !interviewPending[p.id]) void ask(p, '');
  };

  const finishInterview = () => {
    if (!selectedId) return;
    const id = selectedId;
    update((s) => ({ ...s, completed: s.completed.includes(id) ? s.completed : [...s.completed, id] }));
    setSelectedId(null);
  };

  const generateSimulation = async () => {
    if (!validation || !state.completed.length) return;
    setSimulating(true);
    try {
      const s0 = stateRef.current;
      const r = await api.generateSimulation({
        validationData: validation,
        customerInsights: buildCustomerInsights(s0.personas, s0.interviews, s0.completed),
        landingPageContent: null,
      });
      update((s) => ({
        ...s,
        simulation: r.simulation,
        assumptions: r.assumptions,
        factSheet: r.factSheet ?? null,
        answers: {},
        feedback: {},
        chats: {},
        provider: r.provider,
      }));
      setOpenMonth(null);
      setSelectedId(null);
      requestAnimationFrame(scrollTop);
    } catch (e) {
      console.error('generate-simulation failed', e);
      toast({ title: 'Error', description: 'Failed to generate simulation' });
    } finally {
      setSimulating(false);
    }
  };

  const getFeedback = async (m: SimulationMonth) => {
    const answer = (stateRef.current.answers[m.month] ?? '').trim();
    if (!validation || !answer || !m.challenge || feedbackPending[m.month]) return;
    setFeedbackPending((x) => ({ ...x, [m.month]: true }));
    try {
      const r = await api.challengeFeedback({
        month: m.month,
        challenge: m.challenge,
        response: answer,
        validationData: validation,
        simulationData: (stateRef.current.simulation ?? []).map((x, _i, all) => monthForVal(x, all)),
      });
      update((s) => ({ ...s, feedback: { ...s.feedback, [m.month]: r.feedback }, provider: r.provider }));
      toast({ title: "Val's Feedback Ready!", variant: 'success' });
    } catch (e) {
      console.error('challenge-feedback failed', e);
      toast({ title: 'Error', description: 'Failed to get feedback' });
    } finally {
      setFeedbackPending((x) => ({ ...x, [m.month]: false }));
    }
  };

  const toggleChat = (months: SimulationMonth[], index: number) => {
    const month = months[index].month;
    if (openMonth === month) {
      setOpenMonth(null);
      return;
    }
    setOpenMonth(month);
    if (!(stateRef.current.chats[month] ?? []).length) {
      const hello: MentorChatMessage = { id: newId('val'), isUser: false, text: valGreeting(months, index), timestamp: now() };
      update((s) => ({ ...s, chats: { ...s.chats, [month]: [hello] } }));
    }
  };

  const sendChat = async (m: SimulationMonth, text: string): Promise<boolean> => {
    if (!validation) return false;
    const before = stateRef.current.chats[m.month] ?? [];
    const mine: MentorChatMessage = { id: newId('me'), isUser: true, text, timestamp: now() };
    const add = (msg: MentorChatMessage) => update((s) => ({ ...s, chats: { ...s.chats, [m.month]: [...(s.chats[m.month] ?? []), msg] } }));
    add(mine);
    setChatPending((x) => ({ ...x, [m.month]: true }));
    setChatDrafts((x) => ({ ...x, [m.month]: '' }));
    try {
      const r = await api.valChatStream(
        {
          month: m.month,
          question: text,
          conversationHistory: recentHistory(before),
          simulationData: monthForVal(m, stateRef.current.simulation ?? []),
          validationData: validation,
        },
        (so) => setChatDrafts((x) => ({ ...x, [m.month]: so })),
      );
      add({ id: newId('val'), isUser: false, text: r.response, timestamp: now() });
      update((s) => ({ ...s, provider: r.provider }));
      return true;
    } catch (e) {
      console.error('val-chat failed', e);
      update((s) => ({ ...s, chats: { ...s.chats, [m.month]: (s.chats[m.month] ?? []).filter((x) => x.id !== mine.id) } }));
      toast({ title: 'Error', description: "Failed to get Val's response", variant: 'destructive' });
      return false;
    } finally {
      setChatPending((x) => ({ ...x, [m.month]: false }));
      setChatDrafts((x) => ({ ...x, [m.month]: null }));
    }
  };

  const selected = state.personas.find((p) => p.id === selectedId) ?? null;

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
          <Button type="button" onClick={() => void generateCustomers()} disabled={generatingCustomers}>
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
              pending={Boolean(interviewPending[selected.id])}
              done={state.completed.includes(selected.id)}
              onSend={(q) => ask(selected, q)}
              onDone={finishInterview}
            />
          )}
          {state.completed.length > 0 && (
            <Card style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
              <Muted style={{ margin: 0 }}>
                {state.completed.length} of {countOf(state.personas.length, 'interview')} done.
              </Muted>
              <Button type="button" onClick={() => void generateSimulation()} disabled={simulating}>
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
                feedbackPending={Boolean(feedbackPending[m.month])}
                onAnswer={(text) => update((s) => ({ ...s, answers: { ...s.answers, [m.month]: text } }))}
                onFeedback={() => void getFeedback(m)}
                chatOpen={openMonth === m.month}
                onToggleChat={() => toggleChat(months, i)}
                chat={
                  <ValChatPanel
                    month={m.month}
                    messages={state.chats[m.month] ?? []}
                    draft={chatDrafts[m.month] ?? null}
                    pending={Boolean(chatPending[m.month])}
                    onSend={(text) => sendChat(m, text)}
                    onClose={() => setOpenMonth(null)}
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
