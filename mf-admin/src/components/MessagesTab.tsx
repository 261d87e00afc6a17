import styled from 'styled-components';
import type { AdminMessage } from '@val/contracts';
import { Button, t, toast } from '@val/ui';
import { Empty, Panel } from './parts';

const Item = styled.article`
  border: 1px solid ${t.border};
  border-radius: 12px;
  background: ${t.bgSunken};
  padding: 14px;
  header {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 6px 12px;
  }
  .subject {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .when,
  .from {
    color: ${t.textMuted};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
  .body {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    margin: 10px 0 0;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Contact-form messages, newest first, with "Load more"; `messages` null while the first page loads. */
export function MessagesList({ messages, total, busy, onMore }: { messages: AdminMessage[] | null; total: number; busy: boolean; onMore: () => void }) {
  return (
    <Panel data-testid="messages-tab">
      <h3>Messages{messages ? ` (${total})` : ''}</h3>
      {messages === null ? (
        <Empty>Loading messages...</Empty>
      ) : messages.length === 0 ? (
        <Empty>No messages yet. Messages sent through the contact form will appear here.</Empty>
      ) : (
        <Stack>
          {messages.map((m) => (
            <Item key={m.id} data-testid="message">
              <header>
                <span className="subject">{m.subject}</span>
                <time className="when" dateTime={m.createdAt}>
                  {when.format(new Date(m.createdAt))}
                </time>
              </header>
              <div className="from">
                {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
              </div>
              <p className="body">{m.message}</p>
            </Item>
          ))}
          {messages.length < total && (
            <Button $variant="secondary" disabled={busy} onClick={onMore}>
              {busy ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </Stack>
      )}
    </Panel>
  );
}

/** The toast of a failed messages request. */
export const messagesFailedToast = () => toast({ title: 'Error', description: 'Failed to fetch messages' });
