import { PERSONA_COUNT, SIMULATION_LIMITS, SIMULATION_MONTHS, type CustomerPersona, type SimulationMonth } from '@val/contracts';
import { AiError } from '../types';

/**
 * Tolerant parsers of the models' step-3 answers. They accept the spec's alternative shapes,
 * repair what can be repaired (missing ids, avatars, month numbers, lists given as text, numbers
 * given as "1,200") and throw AiError('malformed') for anything that cannot become exactly
 * 3 personas or exactly 6 months — malformed data never reaches the UI.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const malformed = (msg: string) => new AiError(msg, 'malformed');

/** A trimmed, whitespace-collapsed string cut to `max` characters, or '' when not text. */
export function cleanText(v: unknown, max: number): string {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') return '';
  const s = v.replace(/\s+/g, ' ').trim();
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const first = (o: Obj, keys: string[]): unknown => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
};

/** Initials of a name ("Maria Lopez" → "ML"). */
export function initials(name: string): string {
  const parts = name
    .replace(/^(dr|mr|mrs|ms|prof)\.?\s+/i, '')
    .split(/[\s-]+/)
    .filter((p) => /\p{L}/u.test(p));
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => (p.match(/\p{L}/u)?.[0] ?? '').toUpperCase()).join('') || '?';
}

/** Keeps a short avatar (initials or an emoji); URLs and long text become the name's initials. */
function avatarFor(raw: unknown, name: string): string {
  const a = typeof raw === 'string' ? raw.trim() : '';
  if (a && !/^(https?:|data:|\/)/i.test(a) && [...a].length <= 4 && a.length <= SIMULATION_LIMITS.avatar) return a;
  return initials(name);
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

/** Finds the persona list: customers | customers.personas | personas (or a bare list). */
function personaList(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (!isObj(raw)) return null;
  const c = raw.customers;
  if (Array.isArray(c)) return c;
  if (isObj(c) && Array.isArray(c.personas)) return c.personas;
  if (Array.isArray(raw.personas)) return raw.personas;
  if (isObj(raw.personas) && Array.isArray((raw.personas as Obj).personas)) return (raw.personas as Obj).personas as unknown[];
  if (isObj(raw.data)) return personaList(raw.data);
  return null;
}

/**
 * The model's customers → exactly 3 personas {id, name, role, avatar, background}.
 * Accepts `customers`, `customers.personas` or `personas`; a persona without a name or without
 * a role and background is dropped; beyond 3 the first 3 are kept; fewer than 3 is rejected.
 */
export function parseCustomers(raw: unknown): CustomerPersona[] {
  const list = personaList(raw);
  if (!list) throw malformed('The answer has no customers, customers.personas or personas list');
  const out: CustomerPersona[] = [];
  const ids = new Set<string>();
  for (const item of list) {
    if (!isObj(item)) continue;
    const name = cleanText(first(item, ['name', 'fullName', 'full_name', 'personaName']), SIMULATION_LIMITS.personaName);
    if (!name) continue;
    let role = cleanText(first(item, ['role', 'title', 'occupation', 'job', 'jobTitle', 'position']), SIMULATION_LIMITS.personaRole);
    const background = cleanText(first(item, ['background', 'bio', 'description', 'story', 'summary', 'context']), SIMULATION_LIMITS.personaBackground);
    if (!role && !background) continue;
    if (!role) role = cleanText(background.split(/[.;]/)[0], SIMULATION_LIMITS.personaRole);
    let id = cleanText(first(item, ['id', 'customerId', 'key']), 64).replace(/\s+/g, '-') || slug(name) || `customer-${out.length + 1}`;
    while (ids.has(id)) id = `${id}-${out.length + 1}`;
    ids.add(id);
    out.push({ id, name, role, avatar: avatarFor(first(item, ['avatar', 'emoji', 'icon', 'initials']), name), background });
    if (out.length === PERSONA_COUNT) break;
  }
  if (out.length < PERSONA_COUNT) throw malformed(`The answer has ${out.length} usable personas, ${PERSONA_COUNT} are needed`);
  return out;
}

/** Finds the month list: simulation | simulation.phases | phases (also months, or a bare list). */
function phaseList(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (!isObj(raw)) return null;
  const s = raw.simulation;
  if (Array.isArray(s)) return s;
  if (isObj(s)) {
    if (Array.isArray(s.phases)) return s.phases;
    if (Array.isArray(s.months)) return s.months;
  }
  if (Array.isArray(raw.phases)) return raw.phases;
  if (Array.isArray(raw.months)) return raw.months;
  if (isObj(raw.data)) return phaseList(raw.data);
  return null;
}

/** "1,200", "1.2k", 1200 → 1200; anything else → undefined. */
export function parseUsers(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined;
  if (typeof v !== 'string') return undefined;
  const m = v.replace(/[,_\s]/g, '').match(/^~?(\d+(?:\.\d+)?)([km])?/i);
  if (!m) return undefined;
  const n = Number(m[1]) * (m[2] ? (m[2].toLowerCase() === 'k' ? 1e3 : 1e6) : 1);
  return Number.isFinite(n) ? Math.round(n) : undefined;
}

/** A list of short texts from an array of strings/objects, or from one text with lines or bullets. */
export function textList(v: unknown): string[] {
  let items: unknown[];
  if (Array.isArray(v)) items = v;
  else if (typeof v === 'string') items = v.split(/\n+|(?:^|\s)[•*-]\s+|;\s*/);
  else if (isObj(v)) items = [v];
  else return [];
  return items
    .map((x) => (isObj(x) ? first(x, ['text', 'title', 'description', 'name', 'challenge', 'win']) : x))
    .map((x) => cleanText(typeof x === 'string' ? x.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '') : x, SIMULATION_LIMITS.listItem))
    .filter(Boolean)
    .slice(0, SIMULATION_LIMITS.listItems);
}

function monthNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string') {
    const m = v.match(/\d+/);
    if (m) return Number(m[0]);
  }
  return undefined;
}

/** A phase's question from Val: `challenge` as text (or an object with a question). */
function valChallenge(o: Obj): string | undefined {
  const c = first(o, ['valChallenge', 'challengeFromVal', 'mentorChallenge', 'challenge', 'question']);
  const text = isObj(c) ? first(c, ['question', 'text', 'challenge', 'description']) : c;
  return cleanText(text, SIMULATION_LIMITS.challenge) || undefined;
}

/**
 * The model's simulation → exactly 6 months {month 1..6, title, users, wins[], challenges[],
 * challenge?}. Accepts `simulation`, `simulation.phases` or `phases`; a phase may carry
 * `challenges` (a list) and/or `challenge` (Val's question; it is also the list when there is
 * no `challenges`). Months are ordered by their number (or position) and renumbered 1..6;
 * fewer than 6 usable months is rejected, extra months are dropped. `users` is what the model
 * said, or 0 when absent (the route replaces it with the numbers model).
 */
export function parseSimulation(raw: unknown): SimulationMonth[] {
  const list = phaseList(raw);
  if (!list) throw malformed('The answer has no simulation, simulation.phases or phases list');
  const phases = list
    .map((item, i) => ({ item, i }))
    .filter((x): x is { item: Obj; i: number } => isObj(x.item))
    .map(({ item, i }) => {
      const n = monthNumber(first(item, ['month', 'monthNumber', 'number', 'phase']));
      const challengeList = item.challenges !== undefined ? textList(item.challenges) : textList(item.challenge);
      return {
        order: n ?? i + 1,
        i,
        title: cleanText(first(item, ['title', 'name', 'headline', 'theme', 'focus']), SIMULATION_LIMITS.monthTitle),
        users: parseUsers(first(item, ['users', 'userCount', 'totalUsers', 'customers', 'activeUsers'])),
        wins: textList(first(item, ['wins', 'win', 'achievements', 'successes', 'highlights'])),
        challenges: challengeList,
        challenge: valChallenge(item),
      };
    })
    .filter((p) => p.title || p.wins.length || p.challenges.length)
    .sort((a, b) => a.order - b.order || a.i - b.i);
  const seen = new Set<number>();
  const unique = phases.filter((p) => (seen.has(p.order) ? false : (seen.add(p.order), true)));
  if (unique.length < SIMULATION_MONTHS) throw malformed(`The answer has ${unique.length} usable months, ${SIMULATION_MONTHS} are needed`);
  return unique.slice(0, SIMULATION_MONTHS).map((p, k) => {
    const month: SimulationMonth = {
      month: k + 1,
      title: p.title || `Month ${k + 1}`,
      users: p.users ?? 0,
      wins: p.wins,
      challenges: p.challenges,
    };
    if (p.challenge) month.challenge = p.challenge;
    return month;
  });
}

/**
 * A chat reply from a model, cleaned for display: no code fences, no leading "Name:" speaker
 * label, no wrapping quotes; throws when nothing is left.
 */
export function cleanReply(text: string, speakerNames: ReadonlyArray<string> = []): string {
  let s = text.replace(/```[a-z]*\n?/gi, '').trim();
  for (const n of [...speakerNames, 'Val', 'Assistant', 'Customer']) {
    if (!n) continue;
    const esc = n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    s = s.replace(new RegExp(`^\\**${esc}\\**\\s*[:：-]\\s*(\\*\\*\\s*)?`, 'i'), '');
  }
  if (/^"[^"]*"$/s.test(s) || /^“[^”]*”$/s.test(s)) s = s.slice(1, -1).trim();
  if (!s) throw malformed('The model returned an empty reply');
  return s.slice(0, SIMULATION_LIMITS.message);
}
