import styled, { css } from 'styled-components';
import type { CustomerPersona, InterviewMessage } from '@val/contracts';
import { Button, Muted, t } from '@val/ui';
import { ChatPanel } from './ChatPanel';
import { Avatar } from './common';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 14px;
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
  }
`;

const PersonaButton = styled.button<{ $selected: boolean }>`
  position: relative;
  display: flex;
  gap: 12px;
  align-items: center;
  text-align: left;
  width: 100%;
  font: inherit;
  color: ${t.text};
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 14px;
  padding: 14px 16px;
  cursor: pointer;
  transition:
    border-color 120ms ease,
    transform 120ms ease;
  &:hover {
    border-color: ${t.primary};
  }
  ${(p) =>
    p.$selected &&
    css`
      border: 2px solid ${t.purple};
      padding: 13px 15px;
      box-shadow: 0 0 0 4px color-mix(in srgb, ${t.purple} 22%, transparent);
    `}
`;

const Name = styled.span`
  display: block;
  font-weight: 700;
`;
const Role = styled.span`
  display: block;
  font-size: 0.88rem;
  color: ${t.textMuted};
  line-height: 1.35;
`;
const Check = styled.span`
  position: absolute;
  top: 8px;
  right: 8px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${t.success};
  color: #fff;
  font-size: 0.85rem;
  font-weight: 800;
`;

const ChatHead = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
`;
const Background = styled.p`
  margin: 0;
  font-size: 0.88rem;
  color: ${t.textMuted};
`;

/** The three persona cards: avatar, name, role; highlighted when selected; a checkmark once done. */
export function PersonaCards({
  personas,
  completed,
  selectedId,
  onSelect,
}: {
  personas: CustomerPersona[];
  completed: string[];
  selectedId: string | null;
  onSelect: (p: CustomerPersona) => void;
}) {
  return (
    <Cards role="list" aria-label="Customers to interview">
      {personas.map((p) => {
        const done = completed.includes(p.id);
        return (
          <div role="listitem" key={p.id}>
            <PersonaButton
              type="button"
              $selected={selectedId === p.id}
              aria-pressed={selectedId === p.id}
              data-testid="persona-card"
              data-done={done ? 'true' : 'false'}
              onClick={() => onSelect(p)}
            >
              <Avatar text={p.avatar} seed={p.name} />
              <span style={{ minWidth: 0, paddingRight: done ? 22 : 0 }}>
                <Name data-testid="persona-name">{p.name}</Name>
                <Role>{p.role}</Role>
              </span>
              {done && (
                <Check role="img" aria-label="Interview done" data-testid="persona-done">
                  ✓
                </Check>
              )}
            </PersonaButton>
          </div>
        );
      })}
    </Cards>
  );
}

/**
 * The chat with the selected persona: messages (the reply streams in), a text area about pain
 * points, budget and timeline, Send (disabled when blank or pending) and Done.
 */
export function InterviewChat({
  persona,
  messages,
  draft,
  pending,
  done,
  onSend,
  onDone,
}: {
  persona: CustomerPersona;
  messages: InterviewMessage[];
  /** The reply being streamed, if any. */
  draft: string | null;
  pending: boolean;
  done: boolean;
  onSend: (question: string) => Promise<boolean>;
  onDone: () => void;
}) {
  const first = persona.name.split(' ')[0];
  return (
    <ChatPanel
      variant="card"
      label={`Interview with ${persona.name}`}
      header={
        <>
          <ChatHead>
            <Avatar text={persona.avatar} seed={persona.name} size={40} />
            <div style={{ minWidth: 0 }}>
              <h3>Interview with {persona.name}</h3>
              <Role>{persona.role}</Role>
            </div>
          </ChatHead>
          {persona.background && <Background>{persona.background}</Background>}
        </>
      }
      messages={messages}
      draft={draft}
      pending={pending}
      onSend={onSend}
      replyName={first}
      inputLabel={`Your question to ${persona.name}`}
      placeholder="Ask about their pain points, budget and timeline..."
      rows={3}
      testIds={{ panel: 'interview-chat', list: 'interview-messages', mine: 'founder-message', reply: 'persona-message', typing: 'persona-typing' }}
      resetKey={persona.id}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onDone} disabled={pending}>
            Done
          </Button>
          {done && <Muted style={{ margin: 0, fontSize: '0.88rem' }}>Interview marked done — you can still ask more.</Muted>}
        </>
      }
    />
  );
}
