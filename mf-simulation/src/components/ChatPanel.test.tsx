import { renderToStaticMarkup } from 'react-dom/server';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

const base: ChatPanelProps = {
  variant: 'inset',
  label: 'Chat with Val about month 2',
  header: <h4>Chat with Val · Month 2</h4>,
  messages: [
    { id: '1', isUser: false, text: 'Month 2: how can I help?' },
    { id: '2', isUser: true, text: 'How do I grow faster?' },
  ],
  draft: null,
  pending: false,
  onSend: async () => true,
  replyName: 'Val',
  inputLabel: 'Your message to Val about month 2',
  placeholder: 'Ask Val about month 2: growth, churn, pricing, next steps...',
  rows: 2,
  testIds: { panel: 'val-chat', mine: 'founder-chat-message', reply: 'val-message', typing: 'val-typing' },
};
const html = (p: Partial<ChatPanelProps> = {}) => renderToStaticMarkup(<ChatPanel {...base} {...p} />).replace(/ class="[^"]*"/g, '');

describe('ChatPanel (the interview and Val chats)', () => {
  it('shows the header, each message under its author, the text box and a disabled Send while the box is empty', () => {
    const out = html();
    expect(out).toMatch(/^<section aria-label="Chat with Val about month 2" data-testid="val-chat" data-toast-avoid="true"><h4>Chat with Val · Month 2<\/h4>/);
    expect(out).toContain('<div data-testid="val-message"><span>Val</span>Month 2: how can I help?</div>');
    expect(out).toContain('<div data-testid="founder-chat-message"><span>You</span>How do I grow faster?</div>');
    expect(out).toContain(
      '<textarea aria-label="Your message to Val about month 2" placeholder="Ask Val about month 2: growth, churn, pricing, next steps..." maxLength="2000" rows="2">',
    );
    expect(out).toContain('<button type="button" disabled="">Send</button>');
    expect(out).not.toContain('val-typing');
  });

  it('streams the reply in its own bubble, with a spinner before the first words', () => {
    expect(html({ draft: 'Focus on rebookings', pending: true })).toContain('<div data-testid="val-typing"><span>Val</span>Focus on rebookings</div>');
    const waiting = html({ draft: '', pending: true });
    expect(waiting).toMatch(/<div data-testid="val-typing"><span>Val<\/span><span[^>]*><\/span><\/div>/);
  });

  it("as a card: the caller's list test id and actions after Send", () => {
    const out = html({
      variant: 'card',
      testIds: { panel: 'interview-chat', list: 'interview-messages', mine: 'founder-message', reply: 'persona-message', typing: 'persona-typing' },
      actions: <button type="button">Done</button>,
    });
    expect(out).toMatch(/^<div aria-label="Chat with Val about month 2" data-testid="interview-chat" data-toast-avoid="true">/);
    expect(out).toContain('<div aria-live="polite" data-testid="interview-messages">');
    expect(out).toContain('<button type="button" disabled="">Send</button><button type="button">Done</button>');
  });
});
