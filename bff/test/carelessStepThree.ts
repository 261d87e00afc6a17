/**
 * The careless model of step 3 (issue 37): public figures as personas, interview replies with a
 * revenue forecast, an invented survey with a citation, a market size and big-company competitors,
 * months that quote the interviews back and promise certainty, and Val's chat and challenge
 * feedback with revenue, break-even and a score whose label does not match it — in markdown. Any
 * other task is answered by the careless model of the reports (`carelessReply`).
 */
import type { ChatReply, ChatRequestRecord } from './chatServer';
import { carelessReply, requestData } from './carelessModel';

const system = (req: ChatRequestRecord) => req.body.messages.find((m) => m.role === 'system')?.content ?? '';

/** What the careless persona says: its budget (allowed) around four claims no step-3 fact gives. */
export const CARELESS_INTERVIEW =
  'I would pay €8 a month for it. I would try it if it finds my dog fast. You will make $50M revenue in year 1. 87% of dog owners would pay for it [3]. The pet tech market is worth $12 billion. Google and Amazon are your main competitors.';
/** The opening message: nothing but claims (the offline analyst's opening replaces it). */
export const CARELESS_OPENING = 'You will make $50M revenue in year 1. The pet tech market is worth $12 billion. This is guaranteed to work.';
/** Val's month chat: bold revenue and break-even, a score with the wrong label, one real piece of advice. */
export const CARELESS_CHAT =
  '**You will make $50M revenue in year 1 and reach break-even in month 2.** Demand: 9/10 (Low).\n\n- Call the users who left this month and ask what would have made them stay.\n- Write down their exact words and the reasons they give you.';
export const CARELESS_FEEDBACK =
  'Great answer, this is guaranteed to work. Google and Amazon are your main competitors. Next, call the users who left and ask them what would have made them stay, then change one thing this month.';

function personas(): string {
  return JSON.stringify({
    customers: [
      { id: 'p1', name: 'Jeff Bezos', role: 'CEO of Amazon', avatar: 'JB', background: 'Runs Amazon and buys everything early.' },
      { id: 'p2', name: 'Sundar Pichai', role: 'CEO of Google', avatar: 'SP', background: 'Runs Google.' },
      {
        id: 'p3',
        name: 'Lena Vogt',
        role: 'Dog owner who walks twice a day',
        avatar: 'LV',
        background: 'Has a beagle that bolts at the park. The pet tech market is worth $12 billion.',
      },
    ],
  });
}

/** The months of the careless model, with month 1 quoting the interviews' last sentence and month 2 promising certainty. */
function months(req: ChatRequestRecord): string {
  // The month's own numbers (so only the claims are wrong).
  const data = requestData(req) as {
    customerInsights?: Array<{ replies?: string[] }>;
    numbers?: Array<{ users: number; newUsers: number; churnedUsers: number }>;
  };
  const base = {
    simulation: (data.numbers ?? []).slice(0, 6).map((n, k) => ({
      month: k + 1,
      title: `Month ${k + 1}: steady`,
      users: n.users,
      wins: [`${n.newUsers} new users joined`, 'Shipped the top request'],
      challenges: [`${n.churnedUsers} users left`, 'Support takes time'],
      challenge: 'What do you change next?',
    })) as Array<Record<string, unknown>>,
  };
  const replies = (data.customerInsights ?? []).flatMap((c) => c.replies ?? []);
  const quoted = replies.flatMap((r) => r.split(/(?<=[.!?])\s+/)).at(-1) ?? replies[0] ?? 'No replies';
  base.simulation[0].wins = [`Interviews said: ${quoted}`, ...(base.simulation[0].wins as string[]).slice(1)];
  base.simulation[1].challenges = ['Everyone will buy this, it is guaranteed.', ...(base.simulation[1].challenges as string[]).slice(1)];
  return JSON.stringify(base);
}

export function carelessStepThreeReply(req: ChatRequestRecord): ChatReply {
  const data = requestData(req);
  const sys = system(req);
  let content: string;
  if (/"customers"/.test(sys)) content = personas();
  else if (/"simulation"/.test(sys) && data.numbers) content = months(req);
  else if ('persona' in data) content = String(data.userQuestion ?? '').trim() ? CARELESS_INTERVIEW : CARELESS_OPENING;
  else if ('founderAnswer' in data) content = CARELESS_FEEDBACK;
  else if ('question' in data && 'monthData' in data) content = CARELESS_CHAT;
  else return carelessReply(req);
  if (req.body.stream) return { type: 'stream', chunks: content.match(/\S+\s*|\s+/g) ?? [content] };
  return { type: 'text', content };
}
