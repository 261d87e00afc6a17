/**
 * What building the founder's idea takes, by the kind of product (`Profile.productKind`): a
 * device gets its components, connectivity, battery, certification, manufacturing, unit cost and
 * returns; a marketplace its two sides and liquidity; a service the people who deliver it and
 * their licences; content its production and audience; software its core flow. The features come
 * from the founder's words (what the idea does), never from the market's stock features; no
 * number is written here (the figures are the fact sheet's).
 */
import { PRODUCT_RULES, wordsIn } from './markets';
import { capitalize, list, short, type Profile } from './reportKit';

/** A build plan: [component, build or buy, effort in words], the hardest part, the smallest product, the team. */
export interface BuildPlan {
  components: Array<[string, string, string]>;
  /** The hardest part, lower-case, as it follows "the hardest part is". */
  hardest: string;
  /** How the section opens after the subject: "is technically feasible with current tools". */
  verdict: string;
  /** Bullet lines of the smallest product that proves it. */
  smallest: string[];
  roles: string[];
}

const LOCATION = ['gps', 'gnss', 'locat', 'track', 'lost', 'safe zone', 'geofenc', 'where', 'find', 'missing', 'escape'];
const RADIO = PRODUCT_RULES.hardware.find((r) => r.topic === 'radio equipment certification')!;
const SAFETY = PRODUCT_RULES.hardware.find((r) => r.topic === 'product safety and electrical safety rules')!;
const MEASURES = ['sensor', 'measur', 'weigh', 'temperat', 'humid', 'heart', 'pulse', 'sleep', 'air', 'moisture', 'motion', 'detect', 'monitor', 'level'];
const PHONE = ['app', 'phone', 'alert', 'notif', 'report', 'remote', 'sync', 'dashboard', 'online', 'subscription'];

/** The certification a device needs where the founder sells: named for their place only; with no place, "to check" per place. */
export function certificationOf(p: Profile, radio: boolean): string {
  const what = radio ? 'radio and safety certification' : 'safety certification';
  const j = p.place?.jurisdiction;
  if (j) {
    const names = [radio ? RADIO.named?.[j] : undefined, SAFETY.named?.[j]].filter(Boolean);
    return names.length ? `${what} in ${p.geo}: ${list(names as string[])}` : `${what} in ${p.geo} (ask a test lab which marks apply)`;
  }
  if (p.place) return `${what} in ${p.geo} (ask a test lab which marks apply)`;
  return `${what} for each country you sell in (to check: CE marking under the Radio Equipment Directive in Europe, FCC equipment authorisation in the US)`;
}

function hardwarePlan(p: Profile, text: string): BuildPlan {
  const locates = wordsIn(text, LOCATION).length > 0;
  const measures = wordsIn(text, MEASURES);
  const bluetoothOnly = /\bbluetooth\b/i.test(text) && !locates;
  const phone = wordsIn(text, PHONE).length > 0 || locates;
  const radio = phone || locates || /\b(?:wi-?fi|bluetooth|wireless|lte|sim|cellular|connected|smart|iot)\b/i.test(text);
  const components: Array<[string, string, string]> = [];
  if (locates) components.push(['GPS/GNSS module and antenna (position fixes indoors and out)', 'Buy a certified module', 'evaluate modules first']);
  if (measures.length) components.push([`Sensors for what it measures (${list(measures.slice(0, 3))})`, 'Buy, calibrate in-house', 'prototype early']);
  if (radio)
    components.push(
      bluetoothOnly
        ? ['Connectivity: Bluetooth Low Energy to the owner’s phone', 'Buy a pre-certified module', 'weeks']
        : [
            'Connectivity: a SIM or eSIM on LTE-M / NB-IoT (a data plan per unit), with Bluetooth for setup',
            'Buy a pre-certified module and an IoT data plan',
            'weeks',
          ],
    );
  components.push(['Battery, charging and the power budget (days between charges)', 'Buy cells, design the power budget', 'the longest to get right']);
  components.push([
    `Enclosure that survives daily use by ${short(p.audience, 40)} (water, drops)`,
    'Design, then tool with a manufacturer',
    'several iterations',
  ]);
  components.push(['Firmware and over-the-air updates', 'Build', 'ongoing']);
  if (phone) components.push([`Companion app and cloud: it ${short(p.job, 70)}`, 'Build', 'in parallel with the device']);
  components.push([capitalize(certificationOf(p, radio)), 'Test lab', 'book the lab early: it gates the first sale']);
  components.push(['Manufacturing: prototype, then a small pilot batch, then a contract manufacturer', 'Partner', 'months, after the design freezes']);
  components.push([
    'Unit cost (parts, assembly, packaging, shipping) and returns (faulty units, warranty, refunds)',
    'Plan',
    'before pricing the subscription',
  ]);
  return {
    components,
    hardest: radio
      ? 'certification and manufacturing at a unit cost the price can carry, with a battery that lasts'
      : 'manufacturing at a unit cost the price can carry',
    verdict: 'can be built, but it is a device that needs parts, certification and manufacturing beyond the software',
    smallest: [
      `- A working prototype (off-the-shelf boards, a 3D-printed case) worn or used by a handful of ${short(p.audience, 50)}: it ${short(p.job, 80)}.`,
      `- Measure what only a device shows: ${locates ? 'position fixes and alert delays' : 'readings against a reference'}, battery life, and what breaks.`,
      '- Pre-sell the first pilot batch (deposit or pre-order) before paying for tooling; price it above the unit cost plus returns.',
    ],
    roles: ['a hardware and firmware engineer', phone ? 'an app and cloud engineer' : 'a product engineer', 'a founder who runs suppliers and certification'],
  };
}

/**
 * The build plan of the profile's idea, by its product kind. `tech` is the market's usual
 * technology: a software plan keeps the parts of it the founder's words name.
 */
export function buildPlan(p: Profile): BuildPlan {
  const text = `${p.subject} ${p.audience} ${p.problem ?? ''}`;
  const job = short(p.job, 80);
  switch (p.productKind) {
    case 'hardware':
      return hardwarePlan(p, text);
    case 'marketplace':
      return {
        components: [
          ['Listings and profiles for both sides', 'Build', '3-5 weeks'],
          ['Search and matching', 'Build', '2-4 weeks'],
          ['Payments with split payouts and your take rate', 'Buy / integrate a licensed payment provider', '1-2 weeks'],
          ['Reviews, verification and disputes (trust between strangers)', 'Build', '2-3 weeks'],
          ['Analytics: liquidity per area (searches that end in a match)', 'Buy / integrate', '1 week'],
        ],
        hardest: 'liquidity: enough supply on one side that demand on the other finds a match (the chicken-and-egg problem)',
        verdict: 'is technically simple; the hard part is liquidity, not the software',
        smallest: [
          `- One place and one category: recruit the first suppliers yourself so both sides meet from day one.`,
          `- Match by hand behind a simple listing page; the product only has to show that it ${job}.`,
          '- Charge the take rate from the first deal, so each side’s willingness to pay is measured, not assumed.',
        ],
        roles: ['two engineers', 'a founder who recruits the supply side', 'someone who runs trust and support'],
      };
    case 'service':
      return {
        components: [
          ['Booking and scheduling', 'Buy / integrate', '1-2 weeks'],
          ['The people who deliver it: hiring, training and scheduling', 'Build (your operations)', 'ongoing'],
          ['Licences, registration and liability insurance where you operate', 'Check first', 'before the first job'],
          ['Quality checks and customer feedback', 'Build', '1-2 weeks'],
          ['Payments and invoicing', 'Buy / integrate', '1 week'],
        ],
        hardest: 'hiring and scheduling people who deliver it the same way every time, at a cost the price covers',
        verdict: 'needs little technology; feasibility rests on the people who deliver it and the licences for the work',
        smallest: [
          `- Do the first jobs yourself for a handful of ${short(p.audience, 50)}: the service ${job}.`,
          '- Write down each step as you go: it becomes the checklist your first hire follows.',
          '- Charge from the first job, and check licences and insurance before it.',
        ],
        roles: ['a founder who delivers the first jobs', 'the first trained staff member', 'part-time help for scheduling and support'],
      };
    case 'content':
      return {
        components: [
          ['Producing the first pieces (scripts, recording, editing)', 'Build', 'ongoing'],
          ['Distribution: the platform, the mailing list and search', 'Buy / integrate', '1-2 weeks'],
          ['Paywall, membership or sponsorship', 'Buy / integrate', '1 week'],
          ['Analytics: who comes back and who pays', 'Buy / integrate', '1 week'],
        ],
        hardest: 'a steady publishing rhythm that builds an audience before it pays',
        verdict: 'is feasible with off-the-shelf tools; the work is the content and its audience',
        smallest: [
          `- Publish the first pieces for ${short(p.audience, 50)} on one channel: each ${job}.`,
          '- Measure who comes back, not who clicks once.',
          '- Ask for money early (a paid tier or a sponsor) to learn what the audience pays.',
        ],
        roles: ['a founder who writes or presents', 'an editor or producer'],
      };
    default: {
      // Software: the core flow in the founder's words, and the market's usual technology only where the idea names it.
      const stems = new Set(
        `${p.subject} ${p.problem ?? ''}`
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length >= 4)
          .map((w) => w.slice(0, 4)),
      );
      const named = p.sector.tech.filter((t) =>
        t
          .toLowerCase()
          .split(/[^a-z]+/)
          .some((w) => w.length >= 4 && stems.has(w.slice(0, 4))),
      );
      const comps = [`the core flow: it ${job}`, ...named.slice(0, 2), 'accounts, billing and admin', 'analytics and feedback loop'];
      return {
        components: comps.map((x, i) => [
          capitalize(x),
          i === comps.length - 2 || i === comps.length - 1 ? 'Buy / integrate' : 'Build',
          ['3-5 weeks', '4-6 weeks', '2-4 weeks', '1-2 weeks', '1-2 weeks'][i] ?? '2 weeks',
        ]),
        hardest: named[named.length - 1] ?? `the core flow (it ${short(p.job, 60)})`,
        verdict: 'is technically feasible with current tools',
        smallest: [
          `- One flow for ${p.audience}: ${p.problem ? `from "${short(p.problem, 80)}"` : 'from the first step'} to a result in under five minutes.`,
          `- One core job done end to end: it ${p.job}; everything else manual behind the scenes.`,
          '- Payments from day one, so demand is measured in money, not sign-ups.',
        ],
        roles: p.b2b ? ['two engineers', 'a product-minded founder', 'a seller'] : ['two engineers', 'a product-minded founder'],
      };
    }
  }
}
