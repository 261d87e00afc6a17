/**
 * A careless model: what a loopback OpenAI-compatible server answers when it plays a model that
 * writes plausible text but ignores the numbers it is given — wrong and falsely precise numbers,
 * a cheerful wrong verdict, competitors from another market, Low/Medium/High that do not match
 * their scores, invented citations, a forged validation score and a link to phish with. It reads
 * the task from the request (the data block the BFF sends) and answers in that task's shape.
 * In a repair round it fixes some of what it was told and keeps the rest wrong (`repair`).
 */
import type { ChatReply, ChatRequestRecord } from './chatServer';

/** What the careless model does when it is asked to repair its answer. */
export type RepairMode = 'ignore' | 'half' | 'fix';

type Data = Record<string, unknown>;

/** The JSON data block of the request (the first user message that carries one). */
export function requestData(req: ChatRequestRecord): Data {
  for (const m of req.body.messages) {
    if (m.role !== 'user') continue;
    const block = /```json\n([\s\S]*?)\n```/.exec(m.content);
    if (block) {
      try {
        return JSON.parse(block[1]) as Data;
      } catch {
        return {};
      }
    }
  }
  return {};
}

const system = (req: ChatRequestRecord) => req.body.messages.find((m) => m.role === 'system')?.content ?? '';
const isRepair = (req: ChatRequestRecord) =>
  req.body.messages.some((m) => m.role === 'assistant') &&
  /contradicts the fact sheet|only that month's numbers/i.test(req.body.messages[req.body.messages.length - 1]?.content ?? '');

/** Names from markets other than the one the sheet reads (the careless model's favourite competitors). */
const WRONG_MARKET = [
  ['DoorDash', 'Uber Eats'],
  ['Zillow', 'Rightmove'],
  ['Salesforce', 'Workday'],
];

function pickWrongNames(sheet: Data): string[] {
  const own = new Set(((sheet.competitors as string[] | undefined) ?? []).map(String));
  const market = String(sheet.market ?? '');
  return WRONG_MARKET.find((pair) => pair.every((n) => !own.has(n)) && !(market.includes('food') && pair[0] === 'DoorDash')) ?? WRONG_MARKET[1];
}

/** A report section with every kind of error, around one correct figure. */
function reportSection(data: Data, repair: RepairMode | null): string {
  const sheet = (data.fact_sheet ?? {}) as Data;
  const verdict = ((sheet.verdict ?? {}) as Data).word as string | undefined;
  const sizing = (sheet.sizing ?? {}) as Record<string, { value: string }>;
  const price = sizing.Price?.value ?? 'the price';
  const [a, b] = pickWrongNames(sheet);
  const title = String(data.section_title ?? 'Section');
  const fixNumbers = repair === 'half' || repair === 'fix';
  const fixAll = repair === 'fix';
  const cheerfulVerdict = fixNumbers && verdict ? verdict : 'Go';
  const lines = [
    `This ${title.toLowerCase()} looks at the idea as the data describes it, at ${price}.`,
    '',
    `**Verdict: ${cheerfulVerdict}.** ${fixNumbers ? 'The verdict follows the fact sheet.' : 'The numbers can work and it reaches break-even in month 14.'}`,
    '',
    fixNumbers
      ? `The fact sheet prices it at ${price}.`
      : `About 342,213 potential buyers already pay for a fix, a market worth $2.3B growing at 27% a year [7].`,
    '',
    `### Competitors`,
    '',
    fixAll ? `- ${((sheet.competitors as string[] | undefined) ?? ['the incumbents'])[0]} is the one to watch.` : `- ${a} and ${b} dominate the space.`,
    `- Buyer power is **${fixAll ? 'Medium' : 'Low'}** (5/10).`,
    '',
    '| Force | Rating |',
    '| --- | --- |',
    `| Competitive rivalry | ${fixAll ? 'High (8/10)' : 'Low (8/10)'} |`,
    '',
    '| Milestone | When |',
    '| --- | --- |',
    `| Break-even | ${fixAll ? 'see the fact sheet' : 'month 2'} |`,
    '',
    // Qualitative claims (issue 37): certainty, competition, audience, a stage-skipping plan; kept in a repair round unless told to fix all.
    ...(fixAll
      ? []
      : [
          'This is a guaranteed winner with no real risks.',
          '',
          'No competitors exist in this space: the market is wide open.',
          '',
          'Everyone is your customer.',
          '',
        ]),
    '### Next steps',
    '',
    '- Talk to ten customers this month.',
    `- Charge ${price} and measure who pays.`,
    ...(fixAll ? [] : ['- Days 15–30: IPO prep, then raise millions now.', '', 'Overall score: 10/10.']),
  ];
  return lines.join('\n');
}

/** Val's validation with a forged score, invented market numbers and a phishing link. */
function validationAnswer(): string {
  return [
    '## Validation Score: 9.9/10',
    '',
    '**Verdict:** Go - everything looks great. [Claim your refund](https://evil.example/refund)',
    '',
    '## Market Opportunity',
    '',
    'The market is worth $4.7B and 87% of people want this today.',
    '',
    '## Target Customer Profile',
    '',
    'Your customers are easy to reach and will pay.',
    '',
    'Validation Score: 10/10',
    '',
    'This is a guaranteed winner. No competitors exist. This is a painkiller for 100% of people. Everyone is your customer.',
    '',
    '## Next Steps',
    '',
    '1. Build the product.',
    '2. Launch it to 342,213 people.',
    '3. Days 15–30: IPO prep.',
  ].join('\n');
}

/** Six months whose texts invent their own user counts (the page shows the model's numbers beside them). */
function simulationAnswer(data: Data, repair: RepairMode | null): string {
  const numbers = (data.numbers ?? []) as Array<{ month: number; users: number; newUsers: number; churnedUsers: number }>;
  const months = [1, 2, 3, 4, 5, 6].map((month) => {
    const real = numbers[month - 1];
    const honest = repair === 'fix' || (repair === 'half' && month % 2 === 0);
    const said = honest && real ? real.users : [50, 120, 180, 240, 280, 300][month - 1];
    return {
      month,
      title: month === 1 ? `First ${said} users` : `Month ${month}: growing`,
      users: said,
      wins: [`Reached ${said} users`, 'Shipped the top request'],
      challenges: [honest && real ? `${real.churnedUsers} users left` : `${[12, 30, 45, 60, 70, 80][month - 1]} users left`, 'Support takes time'],
      challenge: `With ${said} users, what do you do next?`,
    };
  });
  return JSON.stringify({ simulation: months });
}

/** Three valid personas (the careless model is careless with numbers, not with JSON). */
function customersAnswer(): string {
  return JSON.stringify({
    customers: [
      { id: 'p1', name: 'Ana Ruiz', role: 'Early adopter', avatar: 'AR', background: 'Tries every new tool.' },
      { id: 'p2', name: 'Ben Okafor', role: 'Sceptic on a budget', avatar: 'BO', background: 'Careful with money.' },
      { id: 'p3', name: 'Chen Li', role: 'Decision maker', avatar: 'CL', background: 'Decides what to buy.' },
    ],
  });
}

/**
 * The careless model's answer to one request, by task: report sections, the validation, the
 * simulation, personas, and plain chat replies with invented numbers.
 */
export function carelessReply(req: ChatRequestRecord, opts: { repair?: RepairMode } = {}): ChatReply {
  const data = requestData(req);
  const repair = isRepair(req) ? (opts.repair ?? 'half') : null;
  const sys = system(req);
  let content: string;
  if (data.section_title && data.fact_sheet) content = reportSection(data, repair);
  else if (/"simulation"/.test(sys) && data.numbers) content = simulationAnswer(data, repair);
  else if (/"customers"/.test(sys)) content = customersAnswer();
  else if ('idea' in data && 'problemSolved' in data && !('persona' in data)) content = validationAnswer();
  else content = 'You lost 50 users this month and grew 300%. Keep going: 87% of founders at this stage succeed.';
  if (req.body.stream) return { type: 'stream', chunks: content.match(/\S+\s*|\s+/g) ?? [content] };
  return { type: 'text', content };
}
