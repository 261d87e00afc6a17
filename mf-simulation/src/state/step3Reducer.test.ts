import type { CustomerPersona, GenerateSimulationResponse, InterviewMessage, MentorChatMessage, SimulationMonth } from '@val/contracts';
import { emptyView, initialView, step3Reducer, type Step3Action, type Step3View } from './step3Reducer';
import { emptyState, phaseOf, type Step3State } from './store';

const persona = (id: string): CustomerPersona => ({ id, name: `Name ${id}`, role: 'Salon owner', avatar: 'NN', background: '' });
const personas = ['p1', 'p2', 'p3'].map(persona);
const said = (id: string, customerId: string, isUser: boolean, text = id): InterviewMessage => ({ id, customerId, isUser, text, timestamp: 't' });
const chatMsg = (id: string, isUser: boolean, text = id): MentorChatMessage => ({ id, isUser, text, timestamp: 't' });
const months: SimulationMonth[] = [1, 2, 3, 4, 5, 6].map((month) => ({
  month,
  title: `Month ${month}`,
  users: month * 10,
  wins: [],
  challenges: [],
  challenge: 'What now?',
}));
const simulation: GenerateSimulationResponse = {
  simulation: months,
  assumptions: {
    startingUsers: 10,
    monthlyGrowth: 0.3,
    churnRate: 0.05,
    completedInterviews: 1,
    positiveSignals: 1,
    negativeSignals: 0,
    interviewScore: 0.6,
    validationScore: 0.7,
  },
  provider: 'offline',
};

/** Runs the actions from `from` (the empty view of idea 'fp' by default). */
const run = (actions: Step3Action[], from: Step3View = emptyView('fp')) => actions.reduce(step3Reducer, from);
const withPersonas = (): Step3View => run([{ type: 'customersGenerated', epoch: 0, personas, provider: 'offline' }]);
const inSimulation = (): Step3View => run([{ type: 'simulationGenerated', epoch: 0, result: simulation }], withPersonas());

describe('step3Reducer', () => {
  it('starts from stored progress (or none) with nothing open and nothing on its way', () => {
    const stored: Step3State = { ...emptyState('fp'), personas, completed: ['p1'] };
    expect(initialView(stored)).toEqual({ progress: stored, epoch: 0, selectedId: null, openMonth: null, interviewDrafts: {}, chatDrafts: {} });
    expect(emptyView('fp').progress).toEqual(emptyState('fp'));
  });

  it('generated personas start the interviews afresh (no simulation, no interviews, none done) and name who answered', () => {
    const before: Step3View = initialView({ ...emptyState('fp'), interviews: { old: [said('x', 'old', false)] }, completed: ['old'], answers: { 1: 'kept' } });
    const v = step3Reducer(before, { type: 'customersGenerated', epoch: 0, personas, provider: 'offline' });
    expect(v.progress).toMatchObject({
      personas,
      interviews: {},
      completed: [],
      simulation: null,
      factSheet: null,
      provider: 'offline',
      answers: { 1: 'kept' },
    });
    expect(phaseOf(true, v.progress)).toBe('interviews');
  });

  it('an interview: the question shows at once, the reply streams into a draft (its pending state), then joins the messages', () => {
    let v = run([{ type: 'personaSelected', id: 'p1' }], withPersonas());
    expect(v.selectedId).toBe('p1');
    v = step3Reducer(v, { type: 'interviewAsked', customerId: 'p1', message: null });
    expect(v.interviewDrafts).toEqual({ p1: '' });
    expect(v.progress.interviews.p1).toBeUndefined();
    v = run(
      [
        { type: 'interviewStreamed', epoch: 0, customerId: 'p1', text: 'Hi, I' },
        { type: 'interviewStreamed', epoch: 0, customerId: 'p1', text: 'Hi, I run a salon' },
      ],
      v,
    );
    expect(v.interviewDrafts).toEqual({ p1: 'Hi, I run a salon' });
    v = step3Reducer(v, { type: 'interviewAnswered', epoch: 0, message: said('a1', 'p1', false, 'Hi, I run a salon.'), provider: 'openai' });
    expect(v.interviewDrafts).toEqual({});
    expect(v.progress.interviews.p1.map((m) => m.text)).toEqual(['Hi, I run a salon.']);
    expect(v.progress.provider).toBe('openai');

    v = step3Reducer(v, { type: 'interviewAsked', customerId: 'p1', message: said('q1', 'p1', true, 'Budget?') });
    expect(v.progress.interviews.p1.map((m) => m.id)).toEqual(['a1', 'q1']);
    expect('p1' in v.interviewDrafts).toBe(true);
  });

  it('a failed reply takes the question back; a failed opening greets with the local fallback', () => {
    let v = run(
      [
        { type: 'interviewAsked', customerId: 'p1', message: said('q1', 'p1', true) },
        { type: 'interviewFailed', epoch: 0, customerId: 'p1', questionId: 'q1', fallback: null },
      ],
      withPersonas(),
    );
    expect(v.progress.interviews.p1).toEqual([]);
    expect(v.interviewDrafts).toEqual({});
    v = run(
      [
        { type: 'interviewAsked', customerId: 'p2', message: null },
        { type: 'interviewFailed', epoch: 0, customerId: 'p2', questionId: null, fallback: said('g', 'p2', false, "Hi, I'm Name p2") },
      ],
      v,
    );
    expect(v.progress.interviews.p2.map((m) => m.text)).toEqual(["Hi, I'm Name p2"]);
    expect(v.interviewDrafts).toEqual({});
  });

  it('Done adds the selected persona to the completed list once and clears the selection', () => {
    let v = run([{ type: 'personaSelected', id: 'p2' }, { type: 'interviewFinished' }], withPersonas());
    expect(v.progress.completed).toEqual(['p2']);
    expect(v.selectedId).toBeNull();
    v = run([{ type: 'personaSelected', id: 'p2' }, { type: 'interviewFinished' }, { type: 'interviewFinished' }], v);
    expect(v.progress.completed).toEqual(['p2']);
    expect(step3Reducer(v, { type: 'interviewFinished' })).toBe(v);
  });

  it('a simulation replaces the months and starts their answers, feedback and chats afresh, with nothing open', () => {
    const before = run(
      [
        { type: 'answerChanged', month: 1, text: 'old' },
        { type: 'personaSelected', id: 'p1' },
      ],
      withPersonas(),
    );
    const v = step3Reducer(before, { type: 'simulationGenerated', epoch: 0, result: { ...simulation, provider: 'openai' } });
    expect(v.progress).toMatchObject({ simulation: months, assumptions: simulation.assumptions, factSheet: null, answers: {}, feedback: {}, chats: {} });
    expect(v.progress.provider).toBe('openai');
    expect(v.selectedId).toBeNull();
    expect(v.openMonth).toBeNull();
    expect(phaseOf(true, v.progress)).toBe('simulation');
  });

  it("keeps a month's answer and Val's feedback per month", () => {
    const v = run(
      [
        { type: 'answerChanged', month: 2, text: 'Call five salons' },
        { type: 'feedbackReceived', epoch: 0, month: 2, feedback: 'Good plan.', provider: 'offline' },
      ],
      inSimulation(),
    );
    expect(v.progress.answers).toEqual({ 2: 'Call five salons' });
    expect(v.progress.feedback).toEqual({ 2: 'Good plan.' });
  });

  it("opens one month's chat at a time, greets only the first time, and closes with the same button or X", () => {
    const hello = (id: string) => chatMsg(id, false, 'Month 2: ask me');
    let v = step3Reducer(inSimulation(), { type: 'chatToggled', month: 2, greeting: hello('g1') });
    expect(v.openMonth).toBe(2);
    expect(v.progress.chats[2]).toEqual([hello('g1')]);
    v = step3Reducer(v, { type: 'chatToggled', month: 3, greeting: chatMsg('g3', false) });
    expect(v.openMonth).toBe(3);
    const toggledOff = step3Reducer(v, { type: 'chatToggled', month: 3, greeting: chatMsg('g3b', false) });
    expect(toggledOff.openMonth).toBeNull();
    expect(toggledOff.progress).toBe(v.progress);
    v = run([{ type: 'chatToggled', month: 2, greeting: hello('g2') }], toggledOff);
    expect(v.progress.chats[2]).toEqual([hello('g1')]);
    expect(step3Reducer(v, { type: 'chatClosed' }).openMonth).toBeNull();
  });

  it("a chat message shows at once, Val's reply streams in, and a failed reply takes the message back", () => {
    let v = run(
      [
        { type: 'chatToggled', month: 2, greeting: chatMsg('g', false) },
        { type: 'chatAsked', month: 2, message: chatMsg('me1', true, 'How do I grow?') },
      ],
      inSimulation(),
    );
    expect(v.progress.chats[2].map((m) => m.id)).toEqual(['g', 'me1']);
    expect(v.chatDrafts).toEqual({ 2: '' });
    v = step3Reducer(v, { type: 'chatStreamed', epoch: 0, month: 2, text: 'Focus on' });
    expect(v.chatDrafts).toEqual({ 2: 'Focus on' });
    v = step3Reducer(v, { type: 'chatAnswered', epoch: 0, month: 2, message: chatMsg('val1', false, 'Focus on rebookings.'), provider: 'offline' });
    expect(v.progress.chats[2].map((m) => m.id)).toEqual(['g', 'me1', 'val1']);
    expect(v.chatDrafts).toEqual({});
    v = run(
      [
        { type: 'chatAsked', month: 2, message: chatMsg('me2', true) },
        { type: 'chatFailed', epoch: 0, month: 2, messageId: 'me2' },
      ],
      v,
    );
    expect(v.progress.chats[2].map((m) => m.id)).toEqual(['g', 'me1', 'val1']);
    expect(v.chatDrafts).toEqual({});
  });

  it('a reset (another idea, start over) replaces everything, and drops the answers of calls made before it', () => {
    const busy = run(
      [
        { type: 'personaSelected', id: 'p1' },
        { type: 'interviewAsked', customerId: 'p1', message: null },
      ],
      withPersonas(),
    );
    const reset = step3Reducer(busy, { type: 'restored', progress: emptyState('fp') });
    expect(reset).toEqual({ ...emptyView('fp'), epoch: 1 });
    const late: Step3Action[] = [
      { type: 'customersGenerated', epoch: 0, personas, provider: 'offline' },
      { type: 'interviewStreamed', epoch: 0, customerId: 'p1', text: 'Hi' },
      { type: 'interviewAnswered', epoch: 0, message: said('a', 'p1', false), provider: 'offline' },
      { type: 'simulationGenerated', epoch: 0, result: simulation },
      { type: 'feedbackReceived', epoch: 0, month: 1, feedback: 'x', provider: 'offline' },
      { type: 'chatAnswered', epoch: 0, month: 1, message: chatMsg('v', false), provider: 'offline' },
    ];
    for (const a of late) expect(step3Reducer(reset, a)).toBe(reset);
    expect(step3Reducer(reset, { type: 'customersGenerated', epoch: 1, personas, provider: 'offline' }).progress.personas).toEqual(personas);
  });

  it('keeps the stored progress object when only what is open or streaming changes (no needless save)', () => {
    const v = inSimulation();
    for (const a of [
      { type: 'personaSelected', id: 'p1' },
      { type: 'interviewAsked', customerId: 'p1', message: null },
      { type: 'interviewStreamed', epoch: 0, customerId: 'p1', text: 'Hi' },
      { type: 'chatClosed' },
    ] satisfies Step3Action[])
      expect(step3Reducer(v, a).progress).toBe(v.progress);
  });
});
