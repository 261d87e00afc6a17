import { useEffect, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import type { CustomerPersona, InterviewMessage } from '@val/contracts';
import { Button, Card, Muted, Spinner, TextArea, t } from '@val/ui';
import { Avatar, Bubble, MessageList, Row, Who } from './common';

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
  transition: border-color 120ms ease, transform 120ms ease;
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

const ChatCard = styled(Card)`
  margin-top: 16px;
  display: flex;
  flex-direction: column;
  gap: 12px;
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
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, draft]);
  useEffect(() => setText(''), [persona.id]);

  const send = async () => {
    const q = text.trim();
    if (!q || pending) return;
    setText('');
    const ok = await onSend(q);
    if (!ok) setText((cur) => cur || q);
  };
  const first = persona.name.split(' ')[0];
  return (
    <ChatCard data-testid="interview-chat" aria-label={`Interview with ${persona.name}`}>
      <ChatHead>
        <Avatar text={persona.avatar} seed={persona.name} size={40} />
        <div style={{ minWidth: 0 }}>
          <h3>Interview with {persona.name}</h3>
          <Role>{persona.role}</Role>
        </div>
      </ChatHead>
      {persona.background && <Background>{persona.background}</Background>}
      <MessageList ref={listRef} aria-live="polite" data-testid="interview-messages">
        {messages.map((m) => (
          <Bubble key={m.id} $mine={m.isUser} data-testid={m.isUser ? 'founder-message' : 'persona-message'}>
            <Who>{m.isUser ? 'You' : first}</Who>
            {m.text}
          </Bubble>
        ))}
        {draft !== null && (
          <Bubble $mine={false} data-testid="persona-typing">
            <Who>{first}</Who>
            {draft || <Spinner $size={16} />}
          </Bubble>
        )}
      </MessageList>
      <TextArea
        aria-label={`Your question to ${persona.name}`}
        placeholder="Ask about their pain points, budget and timeline..."
        value={text}
        maxLength={2000}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Row>
        <Button type="button" onClick={() => void send()} disabled={!text.trim() || pending}>
          Send
        </Button>
        <Button type="button" $variant="secondary" onClick={onDone} disabled={pending}>
          Done
        </Button>
        {done && <Muted style={{ margin: 0, fontSize: '0.88rem' }}>Interview marked done — you can still ask more.</Muted>}
      </Row>
    </ChatCard>
  );
}
