import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Button, Card, Spinner, TextArea, t } from '@val/ui';
import SafeMarkdown from '@val/ui/markdown';
import { Row } from './common';

/** What a chat shows of a message (interview and Val chat messages both have these). */
export interface ChatMessage {
  id: string;
  /** true when the founder wrote it. */
  isUser: boolean;
  text: string;
}

/** The data-testid of each part that differs between the chats. */
export interface ChatTestIds {
  /** The panel itself. */
  panel: string;
  /** The message list, if it has one. */
  list?: string;
  /** A message the founder wrote. */
  mine: string;
  /** A reply from the other side. */
  reply: string;
  /** The reply being streamed. */
  typing: string;
}

export interface ChatPanelProps {
  /** 'card': a card of its own on the page (the interview); 'inset': a bordered panel inside another card (a month's Val chat). */
  variant: 'card' | 'inset';
  /** The panel's accessible name. */
  label: string;
  /** The title row (and anything shown between it and the messages). */
  header: ReactNode;
  messages: ReadonlyArray<ChatMessage>;
  /** The reply being streamed, if any ('' shows a spinner until the first token). */
  draft: string | null;
  /** A reply is on its way: Send is disabled and Enter does nothing. */
  pending: boolean;
  /** Sends the trimmed text; on false (it failed) the text goes back into the box if it is still empty. */
  onSend: (text: string) => Promise<boolean>;
  /** Shown above each reply bubble (the founder's are 'You'). */
  replyName: string;
  /** The text box's accessible name and placeholder. */
  inputLabel: string;
  placeholder: string;
  rows: number;
  testIds: ChatTestIds;
  /** Shown after Send in the button row. */
  actions?: ReactNode;
  /** The text box is emptied when this changes (e.g. another persona is selected). */
  resetKey?: string;
}

const CardFrame = styled(Card)`
  margin-top: 16px;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;
const InsetFrame = styled.section`
  border: 1px solid ${t.border};
  border-radius: 12px;
  padding: 12px 14px 14px;
  background: ${t.bg};
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const MessageList = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  max-height: 420px;
  overflow-y: auto;
  padding: 4px 2px 8px;
`;

const Bubble = styled.div<{ $mine: boolean }>`
  max-width: min(85%, 560px);
  padding: 10px 14px;
  border-radius: 14px;
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  ${(p) =>
    p.$mine
      ? css`
          align-self: flex-end;
          background: ${t.primary};
          color: ${t.primaryText};
          border-bottom-right-radius: 4px;
        `
      : css`
          align-self: flex-start;
          background: ${t.bgSunken};
          color: ${t.text};
          border: 1px solid ${t.border};
          border-bottom-left-radius: 4px;
        `}
`;

/** A reply as markdown (Val's bold, emphasis and lists; the check's note in italics): paragraphs without outer margins. */
const Rendered = styled.div`
  white-space: normal;
  & > :first-child {
    margin-top: 0;
  }
  & > :last-child {
    margin-bottom: 0;
  }
  p,
  ul,
  ol {
    margin: 0 0 8px;
  }
  ul,
  ol {
    padding-left: 20px;
  }
`;

const Who = styled.span`
  display: block;
  font-size: 0.75rem;
  font-weight: 700;
  opacity: 0.75;
  margin-bottom: 2px;
`;

/**
 * A chat: header, messages (the reply streams in; the list keeps scrolled to the newest), a text
 * box (Enter sends, Shift+Enter is a new line) and Send (disabled when blank or pending), plus any
 * actions of the caller's.
 */
export function ChatPanel({
  variant,
  label,
  header,
  messages,
  draft,
  pending,
  onSend,
  replyName,
  inputLabel,
  placeholder,
  rows,
  testIds,
  actions,
  resetKey,
}: ChatPanelProps) {
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, draft]);
  useEffect(() => setText(''), [resetKey]);

  const send = async () => {
    const q = text.trim();
    if (!q || pending) return;
    setText('');
    const ok = await onSend(q);
    if (!ok) setText((cur) => cur || q);
  };
  const Frame = variant === 'card' ? CardFrame : InsetFrame;
  return (
    <Frame aria-label={label} data-testid={testIds.panel} data-toast-avoid>
      {header}
      <MessageList ref={listRef} aria-live="polite" data-testid={testIds.list}>
        {messages.map((m) => (
          <Bubble key={m.id} $mine={m.isUser} data-testid={m.isUser ? testIds.mine : testIds.reply}>
            <Who>{m.isUser ? 'You' : replyName}</Who>
            {m.isUser ? (
              m.text
            ) : (
              <Rendered>
                <SafeMarkdown text={m.text} />
              </Rendered>
            )}
          </Bubble>
        ))}
        {draft !== null && (
          <Bubble $mine={false} data-testid={testIds.typing}>
            <Who>{replyName}</Who>
            {draft ? (
              <Rendered>
                <SafeMarkdown text={draft} />
              </Rendered>
            ) : (
              <Spinner $size={16} />
            )}
          </Bubble>
        )}
      </MessageList>
      <TextArea
        aria-label={inputLabel}
        placeholder={placeholder}
        value={text}
        maxLength={2000}
        rows={rows}
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
        {actions}
      </Row>
    </Frame>
  );
}
