import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StrictMode } from 'react';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ErrorCode,
  START_OVER_EVENT,
  buildCustomerInsights,
  validationFingerprint,
  type GenerateCustomersResponse,
  type GenerateSimulationResponse,
  type InterviewMessage,
  type ValidationData,
} from '@val/contracts';
import { ThemeProvider, Toaster, dismissToast } from '@val/ui';
import { createQueryClient } from './query';
import { SimulationStep } from './SimulationStep';
import { STEP3_STORAGE_KEY, emptyState, saveState, type Step3State } from './state/store';

/** The real BFF in-process (bff/test/app.ts), typed here so this project's type-check does not take in the BFF's sources. */
interface TestAppLike {
  url: string;
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see TestAppLike
const { startTestApp } = require('../../bff/test/app') as { startTestApp(opts?: { env?: Record<string, string> }): Promise<TestAppLike> };

const validation: ValidationData = {
  idea: 'A booking app that lets independent hair salons fill last-minute cancellations with nearby customers',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Last-minute cancellations leave chairs empty and cost salons money every week',
  feedback: '## Score: 7/10\nA promising niche with a clear, painful problem.',
};
const LOCKED = 'Complete Steps 1 and 2 above to unlock customer interviews and startup simulation!';
const PLACEHOLDER = 'Ask about their pain points, budget and timeline...';

// The offline analyst answers in well under a second, but a loaded machine (or the first call) can take longer.
configure({ asyncUtilTimeout: 15_000 });

let app: TestAppLike;
/** A stand-in for the API that answers every call as the BFF answers a failure: 500 and its error JSON. */
let failing: http.Server;
let failingUrl: string;
/** The paths the stand-in was called with. */
const failedCalls: string[] = [];

beforeAll(async () => {
  // jsdom has no layout: the step scrolls itself into view after a simulation.
  Element.prototype.scrollIntoView = () => {};
  app = await startTestApp({ env: { SIMULATION_CHAT_RATE_LIMIT_PER_MINUTE: '1000', SIMULATION_GENERATE_RATE_LIMIT_PER_MINUTE: '1000' } });
  failing = http.createServer((req, res) => {
    failedCalls.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: ErrorCode.Internal, message: 'Something went wrong. Please try again.' } }));
    });
  });
  await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => failing?.close(r));
});
beforeEach(() => {
  window.localStorage.clear();
  failedCalls.length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => dismissToast());
  jest.restoreAllMocks();
});

function renderStep(opts: { validation?: ValidationData | null; apiBase?: string } = {}) {
  // A fresh query client per render (no retries, as the remote's own).
  const props = {
    validation: opts.validation === undefined ? validation : opts.validation,
    apiBase: opts.apiBase ?? app.url,
    queryClient: createQueryClient(),
  };
  const ui = (p: typeof props) => (
    <StrictMode>
      <ThemeProvider>
        <section id="simulate">
          <SimulationStep {...p} />
        </section>
        <Toaster />
      </ThemeProvider>
    </StrictMode>
  );
  const r = render(ui(props));
  return { ...r, user: userEvent.setup({ delay: null }), rerenderWith: (p: Partial<typeof props>) => r.rerender(ui({ ...props, ...p })) };
}

/** The visible toast with this title (and description). */
async function findToast(title: string, description?: string) {
  return waitFor(() => {
    const t = screen.getByTestId('toast');
    expect(text(t)).toContain(title);
    if (description) expect(text(t)).toContain(description);
    return t;
  });
}

/** What the store keeps in the browser. */
const stored = (): Step3State => JSON.parse(window.localStorage.getItem(STEP3_STORAGE_KEY) ?? 'null') as Step3State;

/** Step-3 progress made with the real BFF's answers: personas, the first one interviewed and done, and (optionally) the simulation. */
async function seedProgress(opts: { simulation: boolean }): Promise<Step3State> {
  const post = async <T,>(path: string, json: unknown) => {
    const r = await app.fetch(path, { method: 'POST', json });
    expect(r.status).toBe(200);
    return (await r.json()) as T;
  };
  const { customers } = await post<GenerateCustomersResponse>('/api/generate-customers', validation);
  const p = customers[0];
  const opening = await post<{ response: string }>('/api/customer-interview', {
    customerId: p.id,
    customerPersona: p,
    userQuestion: '',
    conversationHistory: [],
    validationData: validation,
  });
  const interviews: Record<string, InterviewMessage[]> = {
    [p.id]: [{ id: 'a-1', customerId: p.id, isUser: false, text: opening.response, timestamp: new Date().toISOString() }],
  };
  let s: Step3State = { ...emptyState(validationFingerprint(validation)), personas: customers, interviews, completed: [p.id], provider: 'offline' };
  if (opts.simulation) {
    const sim = await post<GenerateSimulationResponse>('/api/generate-simulation', {
      validationData: validation,
      customerInsights: buildCustomerInsights(customers, interviews, [p.id]),
      landingPageContent: null,
    });
    s = { ...s, simulation: sim.simulation, assumptions: sim.assumptions, factSheet: sim.factSheet ?? null };
  }
  saveState(window.localStorage, s);
  return s;
}

const text = (el: Element | null) => el?.textContent ?? '';
const disabled = (el: Element) => (el as HTMLButtonElement).disabled;
const value = (el: Element | null) => (el as HTMLTextAreaElement | null)?.value;
const monthUsers = () => screen.getAllByTestId('month-users').map((e) => Number((e.textContent ?? '').replace(/\D/g, '')));

describe('SimulationStep (step 3) against the real BFF', () => {
  it('is locked until a validation exists', () => {
    renderStep({ validation: null });
    expect(text(screen.getByTestId('simulation-locked'))).toContain(LOCKED);
    expect(screen.getByText('Interview customers and simulate your launch')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simulate Customer Conversations' })).toBeNull();
  });

  it('generates three personas: the button is busy, then the customer cards and the toast show', async () => {
    renderStep();
    expect(text(screen.getByText(/Val creates three customers who match your target customer/))).toContain(validation.targetCustomer);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate Customer Conversations' }));
    const busy = await screen.findByRole('button', { name: 'Generating Customers...' });
    expect(disabled(busy)).toBe(true);

    const cards = await screen.findAllByTestId('persona-card');
    expect(cards).toHaveLength(3);
    await findToast('Customers Generated!', 'Ready to start customer interviews');
    const names = screen.getAllByTestId('persona-name').map((n) => n.textContent);
    expect(new Set(names).size).toBe(3);
    expect(screen.getByRole('list', { name: 'Customers to interview' })).toBeTruthy();
    expect(screen.getByText(/Interview all three customers before you simulate/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Journey Simulation' })).toBeNull();
    expect(text(screen.getByTestId('provider-note'))).toContain('Answered by the offline analyst — connect a model for deeper analysis');
    expect(stored().personas.map((p) => p.name)).toEqual(names);
  });

  it('interviews a persona: the opening message, a question answered, then Done marks it with a checkmark', async () => {
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Simulate Customer Conversations' }));
    const first = (await screen.findAllByTestId('persona-card'))[0];
    const name = within(first).getByTestId('persona-name').textContent ?? '';
    await user.click(first);
    expect(first.getAttribute('aria-pressed')).toBe('true');

    const chat = screen.getByTestId('interview-chat');
    expect(within(chat).getByRole('heading', { name: `Interview with ${name}` })).toBeTruthy();
    await waitFor(() => expect(within(chat).getAllByTestId('persona-message')).toHaveLength(1));
    expect(text(within(chat).getByTestId('persona-message'))).toContain(name);

    const box = within(chat).getByPlaceholderText(PLACEHOLDER);
    const send = within(chat).getByRole('button', { name: 'Send' });
    expect(disabled(send)).toBe(true);
    await user.type(box, '   ');
    expect(disabled(send)).toBe(true);
    await user.clear(box);
    await user.type(box, 'How much would you pay per month, and when could you start?');
    await user.click(send);
    expect(text(within(chat).getByTestId('founder-message'))).toContain('How much would you pay per month, and when could you start?');
    expect(value(box)).toBe('');
    await waitFor(() => expect(within(chat).getAllByTestId('persona-message')).toHaveLength(2));
    expect(within(chat).queryByTestId('persona-typing')).toBeNull();
    const reply = within(chat).getAllByTestId('persona-message')[1];
    expect(text(reply)).toMatch(/\$\d+/);
    expect(stored().interviews[stored().personas[0].id]).toHaveLength(3);

    await user.click(within(chat).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('interview-chat')).toBeNull();
    expect(first.getAttribute('data-done')).toBe('true');
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(within(first).getByRole('img', { name: 'Interview done' })).toBeTruthy();
    expect(screen.getByText('1 of 3 interviews done.')).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: 'Generate Journey Simulation' }))).toBe(false);
  });

  it("simulates six months: a busy button, then each month's users and growth, and Val's feedback on a month's challenge", async () => {
    await seedProgress({ simulation: false });
    const { user } = renderStep();
    expect(screen.getByText('1 of 3 interviews done.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Journey Simulation' }));
    expect(disabled(await screen.findByRole('button', { name: 'Generating Simulation. Wait 30 seconds...' }))).toBe(true);

    const months = await screen.findAllByTestId('month-card');
    expect(months).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Your first six months' })).toBeTruthy();
    expect(screen.getByText(/built from 1 customer interview\./)).toBeTruthy();
    expect(screen.queryByTestId('persona-card')).toBeNull();
    const users = monthUsers();
    expect(users.every((u) => u > 0)).toBe(true);
    const growth = screen.getAllByTestId('month-growth').map((g) => g.textContent);
    expect(growth[0]).toBe('Launch');
    expect(growth[1]).toBe(`${users[1] >= users[0] ? '+' : ''}${Math.round(((users[1] - users[0]) / users[0]) * 100)}%`);
    const month2 = within(months[1]);
    expect(month2.getByText('Month 2')).toBeTruthy();
    expect(month2.getByRole('progressbar', { name: 'Users in month 2 relative to the best month' })).toBeTruthy();
    expect(month2.getByText('Wins')).toBeTruthy();

    const challenge = within(screen.getAllByTestId('month-challenge')[0]);
    const ask = challenge.getByRole('button', { name: "Get Val's Feedback" });
    expect(disabled(ask)).toBe(true);
    await user.type(challenge.getByRole('textbox'), 'I will call 5 salons by Friday and track weekly rebookings.');
    expect(disabled(ask)).toBe(false);
    await user.click(ask);
    await findToast("Val's Feedback Ready!");
    expect(text(challenge.getByTestId('month-feedback'))).toContain('I will call 5 salons by Friday');
    expect(screen.getByText('Simulation Complete!')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Try / }).map((a) => a.textContent)).toEqual(['Try Bubble', 'Try Gamma']);
    expect(stored().simulation?.map((m) => m.users)).toEqual(users);
  });

  it('chats with Val about a month: a greeting, a streamed reply, one chat open at a time, and X closes it', async () => {
    await seedProgress({ simulation: true });
    const { user } = renderStep();
    const months = screen.getAllByTestId('month-card');
    const users = monthUsers();
    const open2 = within(months[1]).getByRole('button', { name: 'Chat with Val' });
    expect(open2.getAttribute('aria-expanded')).toBe('false');
    await user.click(open2);
    expect(open2.getAttribute('aria-expanded')).toBe('true');
    const chat = within(within(months[1]).getByTestId('val-chat'));
    expect(chat.getByRole('heading', { name: 'Chat with Val · Month 2' })).toBeTruthy();
    expect(text(chat.getByTestId('val-message'))).toContain('Month 2');

    await user.type(chat.getByRole('textbox', { name: 'Your message to Val about month 2' }), 'How do I grow faster next month?');
    await user.click(chat.getByRole('button', { name: 'Send' }));
    expect(text(chat.getByTestId('founder-chat-message'))).toContain('How do I grow faster next month?');
    await waitFor(() => expect(chat.getAllByTestId('val-message')).toHaveLength(2));
    expect(text(chat.getAllByTestId('val-message')[1])).toContain(`${users[1]} users`);
    expect(stored().chats[2]).toHaveLength(3);

    await user.click(within(months[2]).getByRole('button', { name: 'Chat with Val' }));
    expect(screen.getAllByTestId('val-chat')).toHaveLength(1);
    expect(within(months[2]).getByTestId('val-chat')).toBeTruthy();
    await user.click(within(months[2]).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByTestId('val-chat')).toBeNull();

    // Month 2's history is kept: reopening shows it without a second greeting.
    await user.click(within(months[1]).getByRole('button', { name: 'Chat with Val' }));
    expect(within(months[1]).getAllByTestId('val-message')).toHaveLength(2);
    expect(within(months[1]).getAllByTestId('founder-chat-message')).toHaveLength(1);
  });

  it('restores after a re-mount what the store persisted: personas, checkmarks, interviews, the simulation, answers, feedback and chats', async () => {
    const { user, unmount } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Simulate Customer Conversations' }));
    const first = (await screen.findAllByTestId('persona-card'))[0];
    await user.click(first);
    await waitFor(() => expect(screen.getAllByTestId('persona-message')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const names = screen.getAllByTestId('persona-name').map((n) => n.textContent);
    unmount();

    const again = renderStep();
    expect(screen.getAllByTestId('persona-name').map((n) => n.textContent)).toEqual(names);
    expect(screen.getAllByTestId('persona-card')[0].getAttribute('data-done')).toBe('true');
    expect(screen.queryByTestId('interview-chat')).toBeNull();
    await again.user.click(screen.getAllByTestId('persona-card')[0]);
    expect(screen.getAllByTestId('persona-message')).toHaveLength(1);

    await again.user.click(screen.getByRole('button', { name: 'Generate Journey Simulation' }));
    await screen.findAllByTestId('month-card');
    const users = monthUsers();
    const challenge = within(screen.getAllByTestId('month-challenge')[0]);
    await again.user.type(challenge.getByRole('textbox'), 'Call five salons this week.');
    await again.user.click(challenge.getByRole('button', { name: "Get Val's Feedback" }));
    await waitFor(() => expect(challenge.getByTestId('month-feedback')).toBeTruthy());
    await again.user.click(within(screen.getAllByTestId('month-card')[1]).getByRole('button', { name: 'Chat with Val' }));
    await again.user.type(screen.getByRole('textbox', { name: 'Your message to Val about month 2' }), 'What should I focus on?');
    await again.user.click(within(screen.getByTestId('val-chat')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByTestId('val-message')).toHaveLength(2));
    again.unmount();

    renderStep();
    expect(monthUsers()).toEqual(users);
    expect(value(screen.getAllByTestId('month-challenge')[0].querySelector('textarea'))).toBe('Call five salons this week.');
    expect(text(screen.getAllByTestId('month-feedback')[0])).toContain('Call five salons this week.');
    // No chat is open after a re-mount; month 2's history comes back when it is.
    expect(screen.queryByTestId('val-chat')).toBeNull();
    fireEvent.click(within(screen.getAllByTestId('month-card')[1]).getByRole('button', { name: 'Chat with Val' }));
    expect(screen.getAllByTestId('val-message')).toHaveLength(2);
    expect(text(screen.getByTestId('founder-chat-message'))).toContain('What should I focus on?');
  });

  it("starts over on the shell's event, and when the validation is for another idea", async () => {
    const seeded = await seedProgress({ simulation: true });
    const { rerenderWith, unmount } = renderStep();
    expect(screen.getAllByTestId('month-card')).toHaveLength(6);

    act(() => void window.dispatchEvent(new CustomEvent(START_OVER_EVENT)));
    expect(screen.getByRole('button', { name: 'Simulate Customer Conversations' })).toBeTruthy();
    expect(screen.queryByTestId('month-card')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(STEP3_STORAGE_KEY)).toBeNull());

    saveState(window.localStorage, seeded);
    rerenderWith({ validation: { ...validation, idea: 'A completely different idea about bikes' } });
    rerenderWith({ validation });
    // The other idea's start cleared the stored progress of this one.
    expect(screen.getByRole('button', { name: 'Simulate Customer Conversations' })).toBeTruthy();
    expect(screen.queryByTestId('persona-card')).toBeNull();

    // A re-validation of the same idea (new feedback) keeps the progress.
    unmount();
    saveState(window.localStorage, seeded);
    renderStep({ validation: { ...validation, feedback: '## Score: 4/10\nA different reading.' } });
    expect(screen.getAllByTestId('month-card')).toHaveLength(6);
  });
});

describe('SimulationStep when the API answers 500 with its error JSON', () => {
  it("shows 'Failed to generate customer personas' and the start button works again", async () => {
    renderStep({ apiBase: failingUrl });
    const start = screen.getByRole('button', { name: 'Simulate Customer Conversations' });
    fireEvent.click(start);
    expect(disabled(await screen.findByRole('button', { name: 'Generating Customers...' }))).toBe(true);
    await findToast('Error', 'Failed to generate customer personas');
    expect(disabled(await screen.findByRole('button', { name: 'Simulate Customer Conversations' }))).toBe(false);
    expect(screen.queryByTestId('persona-card')).toBeNull();
  });

  it('starts one call for a double click, before the busy label has rendered', async () => {
    renderStep({ apiBase: failingUrl });
    const start = screen.getByRole('button', { name: 'Simulate Customer Conversations' });
    fireEvent.click(start);
    fireEvent.click(start);
    await findToast('Error', 'Failed to generate customer personas');
    await screen.findByRole('button', { name: 'Simulate Customer Conversations' });
    expect(failedCalls).toEqual(['/api/generate-customers']);
  });

  it("greets locally when the opening fails, and shows 'Failed to get customer response' for a reply (the question goes back into the box)", async () => {
    const s = await seedProgress({ simulation: false });
    saveState(window.localStorage, { ...s, interviews: {}, completed: [] });
    const { user } = renderStep({ apiBase: failingUrl });
    const p = s.personas[1];
    await user.click(screen.getAllByTestId('persona-card')[1]);
    await waitFor(() => expect(text(screen.getByTestId('persona-message'))).toContain(`Hi, I'm ${p.name}, ${p.role}.`));
    await user.type(screen.getByPlaceholderText(PLACEHOLDER), 'What is your budget?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await findToast('Error', 'Failed to get customer response');
    expect(screen.queryByTestId('founder-message')).toBeNull();
    expect(value(screen.getByPlaceholderText(PLACEHOLDER))).toBe('What is your budget?');
    expect(disabled(screen.getByRole('button', { name: 'Send' }))).toBe(false);
  });

  it("shows 'Failed to generate simulation' and stays on the interviews", async () => {
    await seedProgress({ simulation: false });
    renderStep({ apiBase: failingUrl });
    const generate = screen.getByRole('button', { name: 'Generate Journey Simulation' });
    fireEvent.click(generate);
    fireEvent.click(generate);
    await findToast('Error', 'Failed to generate simulation');
    expect(failedCalls).toEqual(['/api/generate-simulation']);
    expect(screen.queryByTestId('month-card')).toBeNull();
    expect(disabled(await screen.findByRole('button', { name: 'Generate Journey Simulation' }))).toBe(false);
    expect(screen.getAllByTestId('persona-card')).toHaveLength(3);
  });

  it("shows 'Failed to get feedback', and a destructive 'Failed to get Val's response' with the message back in the box", async () => {
    await seedProgress({ simulation: true });
    const { user } = renderStep({ apiBase: failingUrl });
    const challenge = within(screen.getAllByTestId('month-challenge')[0]);
    await user.type(challenge.getByRole('textbox'), 'Call five salons this week.');
    await user.click(challenge.getByRole('button', { name: "Get Val's Feedback" }));
    await findToast('Error', 'Failed to get feedback');
    expect(challenge.queryByTestId('month-feedback')).toBeNull();
    await waitFor(() => expect(disabled(challenge.getByRole('button', { name: "Get Val's Feedback" }))).toBe(false));

    const month2 = within(screen.getAllByTestId('month-card')[1]);
    await user.click(month2.getByRole('button', { name: 'Chat with Val' }));
    expect(text(month2.getByTestId('val-message'))).toContain('Month 2');
    await user.type(month2.getByRole('textbox', { name: 'Your message to Val about month 2' }), 'What should I focus on?');
    await user.click(month2.getByRole('button', { name: 'Send' }));
    const t = await findToast('Error', "Failed to get Val's response");
    expect(t.getAttribute('data-variant')).toBe('destructive');
    expect(month2.queryByTestId('founder-chat-message')).toBeNull();
    expect(value(month2.getByRole('textbox', { name: 'Your message to Val about month 2' }))).toBe('What should I focus on?');
  });
});
