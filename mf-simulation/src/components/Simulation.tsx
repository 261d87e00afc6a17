import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  countOf,
  plural,
  PARTNER_TOOLS,
  monthGrowthPercent,
  monthProgressPercent,
  type MentorChatMessage,
  type PartnerTool,
  type SimulationAssumptions,
  type SimulationFactSheet,
  type SimulationMonth,
} from '@val/contracts';
import { Badge, Button, ButtonLink, Card, Muted, Spinner, TextArea, t } from '@val/ui';
import { growthLabel, formatUsers } from '../lib/format';
import { ChatPanel } from './ChatPanel';
import { FormattedText, Row } from './common';

const fmt = formatUsers;

const MonthCardBox = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;
const MonthHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: baseline;
  justify-content: space-between;
  h3 {
    margin: 4px 0 0;
    font-size: 1.15rem;
  }
`;
const Users = styled.div`
  text-align: right;
  strong {
    font-size: 1.5rem;
    display: block;
    line-height: 1.1;
  }
  span {
    color: ${t.textMuted};
    font-size: 0.85rem;
  }
  @media (max-width: 520px) {
    text-align: left;
  }
`;
const Growth = styled.span<{ $tone: 'up' | 'down' | 'flat' }>`
  font-weight: 700;
  color: ${(p) => (p.$tone === 'up' ? t.success : p.$tone === 'down' ? t.danger : t.accent)} !important;
`;
const Track = styled.div`
  height: 10px;
  border-radius: 999px;
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
  overflow: hidden;
`;
const Fill = styled.div`
  height: 100%;
  border-radius: 999px;
  background: linear-gradient(90deg, ${t.primary}, ${t.purple});
`;
const Lists = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  @media (max-width: 640px) {
    grid-template-columns: 1fr;
  }
  h4 {
    margin: 0 0 6px;
    font-size: 0.9rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${t.textMuted};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  li {
    display: flex;
    gap: 8px;
    line-height: 1.45;
  }
`;
const Mark = styled.span<{ $c: string }>`
  flex: none;
  color: ${(p) => p.$c};
  font-weight: 800;
`;
const ChallengeBox = styled.div`
  border: 1px solid color-mix(in srgb, ${t.purple} 45%, ${t.border});
  background: color-mix(in srgb, ${t.purple} 8%, transparent);
  border-radius: 12px;
  padding: 14px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  > p {
    margin: 0;
  }
`;
const FeedbackBox = styled.div`
  border-left: 3px solid ${t.primary};
  padding: 4px 0 4px 12px;
`;
const Label = styled.span`
  font-weight: 700;
  font-size: 0.85rem;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${t.purpleInk};
`;
const ChatTop = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  h4 {
    margin: 0;
    font-size: 1rem;
  }
`;
const CloseButton = styled.button`
  width: 36px;
  height: 36px;
  border-radius: 8px;
  border: 1px solid ${t.border};
  background: transparent;
  color: ${t.text};
  font-size: 1.2rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${t.bgSunken};
  }
`;

/** One month: title, users with growth and progress bar, wins, challenges, Val's challenge, chat. */
export function MonthCard({
  months,
  index,
  answer,
  feedback,
  feedbackPending,
  onAnswer,
  onFeedback,
  chatOpen,
  onToggleChat,
  chat,
}: {
  months: SimulationMonth[];
  index: number;
  answer: string;
  feedback: string | undefined;
  feedbackPending: boolean;
  onAnswer: (text: string) => void;
  onFeedback: () => void;
  chatOpen: boolean;
  onToggleChat: () => void;
  chat: ReactNode;
}) {
  const m = months[index];
  const growth = growthLabel(months, index);
  const g = monthGrowthPercent(months, index);
  const tone = typeof g === 'number' ? (g > 0 ? 'up' : g < 0 ? 'down' : 'flat') : 'flat';
  const pct = monthProgressPercent(months, index);
  return (
    <MonthCardBox as="article" aria-label={`Month ${m.month}`} data-testid="month-card" data-month={m.month}>
      <MonthHead>
        <div>
          <Badge $tone="purple">Month {m.month}</Badge>
          <h3>{m.title}</h3>
        </div>
        <Users>
          <strong data-testid="month-users">
            {fmt(m.users)} {plural(m.users, 'user')}
          </strong>
          <span>
            <Growth $tone={tone} data-testid="month-growth">
              {growth}
            </Growth>
            {growth !== 'Launch' && growth !== '—' ? ' vs previous month' : ''}
          </span>
        </Users>
      </MonthHead>
      <Track
        role="progressbar"
        aria-label={`Users in month ${m.month} relative to the best month`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
      >
        <Fill style={{ width: `${pct}%` }} />
      </Track>
      <Lists>
        <div>
          <h4>Wins</h4>
          <ul>
            {m.wins.map((w, i) => (
              <li key={i}>
                <Mark $c={t.success} aria-hidden>
                  ✓
                </Mark>
                <span>{w}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4>Challenges</h4>
          <ul>
            {m.challenges.map((c, i) => (
              <li key={i}>
                <Mark $c={t.focus} aria-hidden>
                  !
                </Mark>
                <span>{c}</span>
              </li>
            ))}
          </ul>
        </div>
      </Lists>
      {m.challenge && (
        <ChallengeBox data-testid="month-challenge">
          <Label>Val's challenge</Label>
          <p>{m.challenge}</p>
          <TextArea
            aria-label={`Your answer to Val's challenge for month ${m.month}`}
            placeholder="Your answer: what will you do, by when, and how will you know it worked?"
            value={answer}
            maxLength={4000}
            rows={3}
            onChange={(e) => onAnswer(e.target.value)}
          />
          <Row>
            <Button type="button" onClick={onFeedback} disabled={!answer.trim() || feedbackPending}>
              {feedbackPending ? <Spinner $size={16} /> : null}
              Get Val's Feedback
            </Button>
          </Row>
          {feedback && (
            <FeedbackBox data-testid="month-feedback">
              <Label>Val's feedback</Label>
              <FormattedText text={feedback} />
            </FeedbackBox>
          )}
        </ChallengeBox>
      )}
      <Row>
        <Button type="button" $variant={chatOpen ? 'primary' : 'secondary'} aria-expanded={chatOpen} onClick={onToggleChat}>
          Chat with Val
        </Button>
      </Row>
      {chatOpen && chat}
    </MonthCardBox>
  );
}

/** The per-month chat with Val (one open at a time; X closes it). */
export function ValChatPanel({
  month,
  messages,
  draft,
  pending,
  onSend,
  onClose,
}: {
  month: number;
  messages: MentorChatMessage[];
  draft: string | null;
  pending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <ChatPanel
      variant="inset"
      label={`Chat with Val about month ${month}`}
      header={
        <ChatTop>
          <h4>Chat with Val · Month {month}</h4>
          <CloseButton type="button" aria-label="Close chat" onClick={onClose}>
            ×
          </CloseButton>
        </ChatTop>
      }
      messages={messages}
      draft={draft}
      pending={pending}
      onSend={onSend}
      replyName="Val"
      inputLabel={`Your message to Val about month ${month}`}
      placeholder={`Ask Val about month ${month}: growth, churn, pricing, next steps...`}
      rows={2}
      testIds={{ panel: 'val-chat', mine: 'founder-chat-message', reply: 'val-message', typing: 'val-typing' }}
    />
  );
}

const ModelNote = styled.details`
  margin: 0 0 18px;
  font-size: 0.9rem;
  color: ${t.textMuted};
  min-width: 0;
  summary {
    cursor: pointer;
    color: ${t.text};
    font-weight: 600;
  }
  p {
    margin: 8px 0 0;
    line-height: 1.5;
  }
  ul {
    margin: 8px 0 0;
    padding-left: 20px;
  }
  h4 {
    margin: 16px 0 4px;
    font-size: 0.95rem;
    color: ${t.text};
  }
`;

const pct = (x: number) => `${Math.round(x * 100)}%`;

// The sheet's tables load only when a simulation with a sheet is shown.
const SimulationSheet = lazy(() => import(/* webpackChunkName: "simulation-sheet" */ './SimulationSheet'));

/** Title of step 3's numbers (the sheet, or the model's assumptions for runs made before sheets). */
export const SIMULATION_SHEET_TITLE = 'The numbers behind this simulation';

/**
 * "The numbers behind this simulation" (collapsed): where the numbers come from and what holds
 * them, then the sheet — each month's users, new, lost and growth, and the model's figures with
 * their explanation ("How we computed these numbers"). Runs stored before sheets existed show the
 * model's assumptions in plain words instead.
 */
export function ModelExplanation({ a, sheet }: { a: SimulationAssumptions | null; sheet?: SimulationFactSheet | null }) {
  return (
    <ModelNote data-testid="model-explanation">
      <summary>{SIMULATION_SHEET_TITLE}</summary>
      <p>
        These numbers come from a model in code, not from the AI. A month can't lose more than 20% or more than double, so the curve stays plausible. The AI
        only writes the story around these numbers{sheet ? ': a month whose text names other numbers is written again, or told by the offline analyst' : ''}.
      </p>
      {sheet ? (
        <Suspense fallback={null}>
          <SimulationSheet sheet={sheet} />
        </Suspense>
      ) : a ? (
        <>
          <h4>How we computed these numbers</h4>
          <ul>
            <li>
              Month 1 starts with {fmt(a.startingUsers)} {plural(a.startingUsers, 'user')}, based on {countOf(a.completedInterviews, 'completed interview')} (
              {countOf(a.positiveSignals, 'buying signal')}, {countOf(a.negativeSignals, 'hesitation')} in the replies) and your idea's validation.
            </li>
            <li>
              Each month adds new users at about {pct(a.monthlyGrowth)} of the previous month, slowing down as early adopters run out, and loses about{' '}
              {pct(a.churnRate)} to churn.
            </li>
          </ul>
        </>
      ) : (
        <p>Users come from a simple model: interviews completed and how positive they were, the validation, monthly growth and churn.</p>
      )}
    </ModelNote>
  );
}

const Affiliates = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 16px;
  @media (max-width: 640px) {
    grid-template-columns: 1fr;
  }
`;
const Logo = styled.a<{ $bg: string; $fg: string }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 12px;
  background: ${(p) => p.$bg};
  color: ${(p) => p.$fg};
  font-weight: 800;
  text-decoration: none;
  border: 1px solid ${t.border};
`;
const CompleteBox = styled.div`
  margin-top: 28px;
  text-align: center;
  h3 {
    font-size: 1.5rem;
    margin: 0 0 6px;
  }
`;

/** The two affiliate cards shown when the simulation is complete (website builder and pitch deck). */
export const AFFILIATE_COMPANIES = ['bubble', 'gamma'] as const;

export function SimulationComplete({ onClick }: { onClick: (p: PartnerTool, linkType: 'logo' | 'button') => void }) {
  const tools = AFFILIATE_COMPANIES.map((c) => PARTNER_TOOLS.find((p) => p.company === c)).filter((p): p is PartnerTool => Boolean(p));
  return (
    <CompleteBox data-testid="simulation-complete">
      <h3>Simulation Complete!</h3>
      <Muted style={{ marginTop: 0 }}>Turn the plan into something real: build the product and pitch it.</Muted>
      <Affiliates>
        {tools.map((p) => (
          <Card
            key={p.company}
            $highlight={p.highlighted}
            data-testid="affiliate-card"
            style={{ textAlign: 'left', display: 'flex', flexDirection: 'column', gap: 12 }}
          >
            <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <Logo
                href={p.logoUrl}
                target="_blank"
                rel="noopener noreferrer sponsored"
                $bg={p.logo.background}
                $fg={p.logo.foreground}
                aria-label={`${p.name} website`}
                onClick={() => onClick(p, 'logo')}
              >
                {p.logo.initials}
              </Logo>
              <div>
                <Badge>{p.category}</Badge>
                <div style={{ fontWeight: 700, marginTop: 4 }}>{p.title}</div>
              </div>
            </div>
            <Muted style={{ margin: 0 }}>{p.description}</Muted>
            <ButtonLink
              href={p.url}
              target="_blank"
              rel="noopener noreferrer sponsored"
              onClick={() => onClick(p, 'button')}
              style={{ alignSelf: 'flex-start' }}
            >
              Try {p.name}
            </ButtonLink>
          </Card>
        ))}
      </Affiliates>
    </CompleteBox>
  );
}
