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
    expect(out).toContain('<div data-testid="val-message"><span>Val</span><div><p>Month 2: how can I help?</p></div></div>');
    expect(out).toContain('<div data-testid="founder-chat-message"><span>You</span>How do I grow faster?</div>');
    expect(out).toContain(
      '<textarea aria-label="Your message to Val about month 2" placeholder="Ask Val about month 2: growth, churn, pricing, next steps..." maxLength="2000" rows="2">',
    );
    expect(out).toContain('<button type="button" disabled="">Send</button>');
    expect(out).not.toContain('val-typing');
  });

  it('streams the reply in its own bubble, with a spinner before the first words', () => {
    expect(html({ draft: 'Focus on rebookings', pending: true })).toContain(
      '<div data-testid="val-typing"><span>Val</span><div><p>Focus on rebookings</p></div></div>',
    );
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

describe('ChatPanel renders the replies as markdown (issue 37: no raw ** or _ on the page)', () => {
  it('bold, emphasis and lists of a reply are rendered, the founder’s own words stay as typed', () => {
    const out = html({
      messages: [
        {
          id: '1',
          isUser: false,
          text: '**Keep the 12 users** you have.\n\n- Call them\n- Ask why\n\n_1 unsupported claim removed by Val’s consistency check._',
        },
        { id: '2', isUser: true, text: 'What about **growth**?' },
      ],
    });
    const reply = /<div data-testid="val-message">([\s\S]*?)<\/div>/.exec(out)?.[1] ?? '';
    expect(reply).toContain('<strong>Keep the 12 users</strong>');
    expect(reply).toContain('<li>Call them</li>');
    expect(reply).toContain('<em>1 unsupported claim removed by Val’s consistency check.</em>');
    expect(reply).not.toMatch(/\*\*|(^|[\s>])_\S/);
    expect(out).toContain('<span>You</span>What about **growth**?</div>');
  });

  it('the reply being streamed is rendered too', () => {
    expect(html({ draft: 'Focus on **rebookings**', pending: true })).toMatch(/data-testid="val-typing"><span>Val<\/span>[\s\S]*<strong>rebookings<\/strong>/);
  });
});
