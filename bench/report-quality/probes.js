/**
 * The report-quality probes: a second opinion on what Val ships, written apart from the BFF's own
 * checker (bff/src/analysis/check.ts) and sharing no code with it. Each probe reads a shipped
 * answer as the founder gets it over HTTP (a report's status answer, the validation answer, step
 * 3's simulation and chat) and lists what it finds; bench/report-quality/run.js counts the
 * findings over many ideas and bff/src/analysis/quality.int.test.ts asserts there are none.
 *
 * What each finding kind means is documented in run.js's header. In short:
 * - `contradiction`: a stated verdict, break-even, Low/Medium/High label, x/10 score, validation
 *   score, step-3 month number or lost-users answer that disagrees with the answer's fact sheet.
 * - `wrong-name`: a company of WELL_KNOWN (below) from a market other than the one the analysis
 *   read, not among the sheet's competitors, the founder's words or the section's sources.
 * - `untraceable`: a money amount, percentage, x/10 score or count of 100 or more that matches no
 *   number of the fact sheet, of the founder's words or of a source the sentence cites, in a
 *   sentence not marked as an assumption or an example.
 * - `citation`: an [n] that is not one of the section's sources.
 * - `link`: a web address the text links to that none of its sources gave (a model's phishing link).
 * - `sheet`: a report's fact sheet that contradicts itself (a base outside its own range, a year
 *   whose profit is not revenue − costs, a score's word, "Go" without a break-even).
 * - The idea's own facts, once per report and kind (`ideaFactProblems`): `problem-replaced`,
 *   `foreign-law`, `hardware-feasibility`, `off-segment`.
 */

// ---------------------------------------------------------------------------------------------
// Well-known companies per market (the offline analyst's market ids), written for this bench.
// Names that double as ordinary words at the start of a sentence ("Indeed", "Handy") are left out.
// ---------------------------------------------------------------------------------------------

/** @type {Record<string, string[]>} */
const WELL_KNOWN = {
  food: [
    'DoorDash',
    'Uber Eats',
    'Deliveroo',
    'Just Eat',
    'Grubhub',
    'HelloFresh',
    'Gousto',
    'Too Good To Go',
    'Swiggy',
    'Zomato',
    'Instacart',
    'Toast',
    'Mealime',
    'OpenTable',
  ],
  health: [
    'Zocdoc',
    'Doctolib',
    'Teladoc',
    'Epic MyChart',
    'Babylon Health',
    'Practo',
    'Ada Health',
    'Sleepio',
    'Headspace',
    'Calm',
    'Livongo',
    '1mg',
    'PharmEasy',
    'Jane App',
  ],
  fitness: ['Peloton', 'ClassPass', 'Mindbody', 'Strava', 'MyFitnessPal', 'Glofox', 'Runna', 'Zwift', 'Fitbit', 'Garmin', 'TrainingPeaks', 'Eversports'],
  education: [
    'Duolingo',
    'Coursera',
    'Khan Academy',
    'Chegg',
    'Udemy',
    "Byju's",
    'Google Classroom',
    'Quizlet',
    'Turnitin',
    'Preply',
    'Superprof',
    'Moringa School',
  ],
  pets: ['Chewy', 'Rover', 'BarkBox', 'Petplan', 'Tractive', 'Wag!', "The Farmer's Dog", 'Butternut Box', 'PetDesk', 'Fressnapf', 'Whistle'],
  finance: [
    'QuickBooks',
    'Xero',
    'Stripe',
    'Revolut',
    'Plaid',
    'Monzo',
    'PayPal',
    'Intuit',
    'FreshBooks',
    'Paystack',
    'Flutterwave',
    'M-Pesa',
    'Klarna',
    'Experian',
    'Esusu',
  ],
  realestate: ['Zillow', 'Rightmove', 'Zoopla', 'Redfin', 'AppFolio', 'Buildium', 'Opendoor', 'Idealista', 'SUUMO', 'Daft.ie', 'Airbnb'],
  travel: [
    'Booking.com',
    'Expedia',
    'Tripadvisor',
    'Airbnb',
    'Skyscanner',
    'Hostelworld',
    'Omio',
    'Trainline',
    'Kayak',
    'Hopper',
    'Rakuten Travel',
    'GetYourGuide',
  ],
  ecommerce: [
    'Shopify',
    'Etsy',
    'eBay',
    'Zalando',
    'Vinted',
    'Loop Returns',
    'Mercado Libre',
    'Allegro',
    'WooCommerce',
    'AfterShip',
    'Stripe',
    'PayPal',
    'Klarna',
  ],
  hr: ['Workday', 'Salesforce', 'Greenhouse', 'Deel', 'BambooHR', 'Personio', 'Gusto', 'Rippling', 'HireVue', 'Workable', 'Paradox', 'Seamless HR'],
  devtools: ['GitHub', 'GitLab', 'Atlassian', 'Jira', 'CircleCI', 'Postman', 'Datadog', 'Vercel', 'Sentry', 'WireMock', 'Unity'],
  marketing: [
    'HubSpot',
    'Mailchimp',
    'Canva',
    'Hootsuite',
    'Semrush',
    'Substack',
    'Beehiiv',
    'SparkLoop',
    'Patreon',
    'Descript',
    'Opus Clip',
    'Salesforce',
    'Birdeye',
  ],
  logistics: ['Onfleet', 'Routific', 'Samsara', 'Descartes', 'Flexport', 'Convoy', 'DHL', 'FedEx', 'Uber Freight', 'Delhivery', 'Lalamove', 'Sennder'],
  sustainability: ['Watershed', 'Octopus Energy', 'Sunrun', 'Tesla Energy', 'Persefoni', 'EnergySage', 'Pod Point', 'ChargePoint', 'Zapmap', 'Sweep'],
  family: ['Care.com', 'Cozi', 'Life360', 'Sittercity', 'UrbanSitter', 'HopSkipDrive', 'GoKid', 'Yoopies'],
  events: ['Eventbrite', 'Ticketmaster', 'Meetup', 'StubHub', 'Viagogo', 'Twickets', 'Zola', 'The Knot', 'Cvent', 'Hopin', 'Bizzabo'],
  legal: ['LegalZoom', 'Rocket Lawyer', 'DocuSign', 'Clio', 'AirHelp', 'Flightright', 'Ironclad', 'Juro'],
  beauty: ['Sephora', 'Fresha', 'Glossier', 'Booksy', 'Vagaro', 'The Ordinary', 'Treatwell', 'Ulta', 'Olive Young', 'Squire'],
  homeservices: ['Angi', 'Thumbtack', 'Checkatrade', 'TaskRabbit', 'Helpling', 'Jobber', 'ServiceTitan', 'Housecall Pro', 'Tradify'],
  agriculture: [
    'John Deere',
    'Climate FieldView',
    'Trimble',
    'CropX',
    'DeHaat',
    'AgroStar',
    'Twiga Foods',
    'Farmers Business Network',
    'Moocall',
    'Connecterra',
    'Kisan Network',
  ],
};

/** Every name of WELL_KNOWN → the markets it belongs to. */
const NAME_MARKETS = (() => {
  const m = new Map();
  for (const [market, names] of Object.entries(WELL_KNOWN)) for (const n of names) m.set(n, [...(m.get(n) ?? []), market]);
  return m;
})();

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAME_RES = new Map([...NAME_MARKETS.keys()].map((n) => [n, new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(n)}(?![\\p{L}\\p{N}])`, 'gu')]));

// ---------------------------------------------------------------------------------------------
// Levels and verdicts
// ---------------------------------------------------------------------------------------------

/** The word of a 0–10 score: rounded, 0–3 Low, 4–6 Medium, 7–10 High. */
function levelWord(score) {
  const s = Math.round(score);
  return s <= 3 ? 'Low' : s <= 6 ? 'Medium' : 'High';
}

/** "No-go", "Go with changes" or "Go" for what a text wrote; anything else as written. */
function verdictWord(said) {
  const s = said.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/^no[- ]?go$/.test(s)) return 'No-go';
  if (/^go with changes$/.test(s)) return 'Go with changes';
  if (s === 'go') return 'Go';
  return said;
}

// ---------------------------------------------------------------------------------------------
// Text units (sentences, list items, table rows)
// ---------------------------------------------------------------------------------------------

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|approx|incl|no|nr|ca|cf)\./gi;

/**
 * The units a text is read in, with their offsets: every table row and heading is one; other
 * lines are split into sentences (after . ! ? when a capital, digit, quote or markup follows).
 */
function textUnits(text) {
  const units = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    if (!line.trim()) continue;
    if (/^\s*(\||#)/.test(line)) {
      units.push({ start, end: start + line.length, text: line });
      continue;
    }
    const masked = line.replace(ABBREVIATIONS, (m) => m.replace(/\./g, '\u0000'));
    let from = 0;
    for (const m of masked.matchAll(/[.!?…]["”’')\]*_]*\s+(?=[A-Z0-9*_"“‘(#[£$€¥₹₦-])/g)) {
      const end = (m.index ?? 0) + m[0].length;
      units.push({ start: start + from, end: start + end, text: line.slice(from, end) });
      from = end;
    }
    if (from < line.length) units.push({ start: start + from, end: start + line.length, text: line.slice(from) });
  }
  return units;
}

/** A sentence marked as an assumption, an example or a success target. */
const LABELLED = /\(assumption\)|\bassum(?:e|es|ed|ing|ption|ptions)\b|\bfor example\b|\be\.g\.|\bsuccess\s*=/i;

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

const NUM = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';
const MULT = '(?:\\s?(k|K|m|M|mn|bn|B|thousand|million|billion)(?![\\p{L}\\p{N}]))?';
const MULTIPLIER = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
/** Currency marks written before an amount → ISO code (longest first). */
const PREFIXES = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['S$', 'SGD'],
  ['HK$', 'HKD'],
  ['CN¥', 'CNY'],
  ['$', 'USD'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₦', 'NGN'],
  ['₩', 'KRW'],
  ['KSh', 'KES'],
  ['Ksh', 'KES'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ...['USD', 'GBP', 'EUR', 'CHF', 'JPY', 'CAD', 'AUD', 'INR', 'BRL', 'MXN', 'SGD', 'NGN', 'KES', 'SEK', 'NOK', 'DKK', 'PLN', 'ZAR', 'CNY', 'KRW', 'AED'].map(
    (c) => [c, c],
  ),
  ['R', 'ZAR'],
];
/** Currency words written after an amount → ISO code. */
const SUFFIXES = [
  [/^(?:euros?|EUR)$/i, 'EUR'],
  [/^(?:pounds?|quid|GBP)$/i, 'GBP'],
  [/^(?:dollars?|USD|bucks)$/i, 'USD'],
  [/^(?:francs?|CHF)$/i, 'CHF'],
  [/^(?:yen|JPY)$/i, 'JPY'],
  [/^(?:rupees?|INR)$/i, 'INR'],
  [/^(?:naira|NGN)$/i, 'NGN'],
  [/^(?:reais|BRL)$/i, 'BRL'],
  [/^(?:shillings?|KES)$/i, 'KES'],
  [/^(?:rand|ZAR)$/i, 'ZAR'],
  [/^(?:kronor|SEK)$/i, 'SEK'],
  [/^(?:kroner|NOK)$/i, 'NOK'],
  [/^DKK$/i, 'DKK'],
  [/^(?:złoty|zloty|PLN)$/i, 'PLN'],
  [/^(?:won|KRW)$/i, 'KRW'],
  [/^(?:dirhams?|AED)$/i, 'AED'],
  [/^(?:pesos?|MXN)$/i, 'MXN'],
];
const PREFIX_RE = new RegExp(`(?<![\\p{L}\\p{N}$])(${PREFIXES.map(([p]) => escapeRe(p)).join('|')})\\s?${NUM}${MULT}`, 'gu');
const SUFFIX_RE = new RegExp(`(?<![\\p{L}\\p{N}.,$£€¥₹₦₩])${NUM}${MULT}\\s?([\\p{L}]{3,9})(?![\\p{L}])`, 'gu');

const toNumber = (s) => Number(s.replace(/,/g, ''));
/** The word before a number that makes it a name, not a count: "ISO 27001", "Local Law 144", "Article 8". */
const IDENTIFIER = /\b(?:ISO|IEC|SOC|EN|PCI|Law|Act|Article|Section|Regulation|Directive|Rule|Form|Schedule|Part|Chapter|Title|Bill|No\.)\s?$/;
/** Half the unit of the last digit as written ("61" → 0.5, "1.25" → 0.005), times the multiplier. */
function halfUnit(num, mult = 1) {
  const dec = /\.(\d+)$/.exec(num);
  return (0.5 * mult) / 10 ** (dec ? dec[1].length : 0);
}

/** Replaces addresses and [n] markers with spaces of the same length (offsets stay right). */
function blankNoise(text) {
  return text.replace(/\bhttps?:\/\/[^\s)\]]+/g, (m) => ' '.repeat(m.length)).replace(/\[\d{1,3}\](?!\()/g, (m) => ' '.repeat(m.length));
}

/**
 * Every numeric claim of a text: money (any currency), percentages, x/10 scores and other
 * numbers (all of them, with `count: true` for those of 100 or more that are neither years, the
 * unit of a rate ("per 100 customers") nor the number of a name ("ISO 27001", "Local Law 144")).
 * Each has its value, the tolerance it was written with and its offsets.
 */
function numberClaims(raw) {
  const text = blankNoise(raw);
  const claims = [];
  const free = (s, e) => !claims.some((c) => s < c.end && e > c.start);
  const add = (c) => {
    if (free(c.start, c.end)) claims.push(c);
  };
  for (const m of text.matchAll(PREFIX_RE)) {
    const code = PREFIXES.find(([p]) => p === m[1])[1];
    const mult = MULTIPLIER[(m[3] ?? '').toLowerCase()] ?? 1;
    const before = text.slice(Math.max(0, m.index - 1), m.index);
    add({
      kind: 'money',
      currency: code,
      value: toNumber(m[2]) * mult * (/[-−]/.test(before) ? -1 : 1),
      tol: halfUnit(m[2], mult),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  for (const m of text.matchAll(SUFFIX_RE)) {
    const code = SUFFIXES.find(([re]) => re.test(m[3]))?.[1];
    if (!code) continue;
    const mult = MULTIPLIER[(m[2] ?? '').toLowerCase()] ?? 1;
    add({ kind: 'money', currency: code, value: toNumber(m[1]) * mult, tol: halfUnit(m[1], mult), text: m[0], start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(/(?<![\d.,])(\d+(?:\.\d+)?)\s?(?:-|–|to)\s?(?=\d+(?:\.\d+)?\s?(?:%|percent\b|per cent\b))/g)) {
    add({ kind: 'percent', value: Number(m[1]), tol: halfUnit(m[1]), text: m[1], start: m.index, end: m.index + m[1].length });
  }
  for (const m of text.matchAll(/(?<![\d.,])[-−]?(\d+(?:\.\d+)?)\s?(%|percent\b|per cent\b)/g)) {
    add({ kind: 'percent', value: Number(m[1]), tol: halfUnit(m[1]), text: m[0], start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(/(?<![\d.,])(\d+(?:\.\d+)?)\s?\/\s?10(?![\d%.]\d|\d)/g)) {
    add({ kind: 'score', value: Number(m[1]), tol: halfUnit(m[1]), text: m[0], start: m.index, end: m.index + m[0].length });
  }
  const plain = new RegExp(`(?<![\\p{L}\\p{N}.,/$£€¥₹₦₩])${NUM}${MULT}(?![\\p{L}\\p{N}%/]|[.,]\\d)`, 'gu');
  for (const m of text.matchAll(plain)) {
    const mult = MULTIPLIER[(m[2] ?? '').toLowerCase()] ?? 1;
    const value = toNumber(m[1]) * mult;
    const year = !m[2] && /^\d{4}$/.test(m[1]) && value >= 1900 && value <= 2099;
    const rate = /\bper\s$/i.test(text.slice(Math.max(0, m.index - 4), m.index)) && /^10+$/.test(String(value));
    const id = IDENTIFIER.test(text.slice(Math.max(0, m.index - 12), m.index));
    add({
      kind: 'number',
      count: value >= 100 && !year && !rate && !id,
      value,
      tol: halfUnit(m[1], mult),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return claims.sort((a, b) => a.start - b.start);
}

/** Every number written in a text (money, percent and plain alike), multipliers applied, and every digit run as written. */
function writtenNumbers(text) {
  const out = numberClaims(text).map((c) => Math.abs(c.value));
  for (const m of text.matchAll(/\d+(?:[.,]\d+)*/g)) out.push(toNumber(m[0].replace(/,(?=\d{3}\b)/g, '')));
  return out.filter((n) => Number.isFinite(n));
}

const near = (claim, value) => Math.abs(Math.abs(claim.value) - Math.abs(value)) <= claim.tol + 1e-9;

/**
 * The numbers a fact sheet states, by kind: money (its currency), percentages (in percent), x/10
 * scores, and every other number (counts, months, years, ratios). Strings of the sheet (bases,
 * rules, risks, notes) are read too: what they say is the sheet's.
 */
function sheetNumbers(sheet) {
  const out = { money: [], percent: [], score: [], plain: [] };
  if (!sheet) return out;
  const figure = (f) => {
    const vals = [f.value, f.low, f.high].filter((v) => typeof v === 'number');
    if (f.kind === 'money') out.money.push(...vals);
    else if (f.kind === 'percent') out.percent.push(...vals.map((v) => v * 100));
    else if (f.kind === 'score') out.score.push(...vals);
    out.plain.push(...vals);
  };
  for (const key of ['sizing', 'economics', 'plan', 'figures']) for (const f of sheet[key] ?? []) figure(f);
  for (const y of sheet.years ?? []) {
    out.money.push(y.revenue, y.costs, y.profit);
    out.plain.push(y.year, y.customers);
  }
  for (const s of sheet.scores ?? []) out.score.push(s.score);
  if (typeof sheet.score === 'number') out.score.push(sheet.score);
  for (const m of sheet.months ?? []) {
    out.plain.push(m.month, m.users, m.newUsers, m.churnedUsers);
    if (typeof m.growthPercent === 'number') out.percent.push(m.growthPercent);
  }
  if (typeof sheet.breakEvenMonth === 'number') out.plain.push(sheet.breakEvenMonth);
  const strings = [];
  const walk = (v) => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(sheet);
  for (const c of numberClaims(strings.join('\n'))) {
    if (c.kind === 'money') out.money.push(c.value);
    else if (c.kind === 'percent') out.percent.push(c.value);
    else if (c.kind === 'score') out.score.push(c.value);
    out.plain.push(c.value);
  }
  return out;
}

/**
 * The claims of a text that are traced to nothing: not the sheet's (money in the sheet's
 * currency against its money, percentages against its percentages, x/10 against its scores,
 * counts against any of its numbers), not the founder's, not in a source the sentence cites, and
 * not in a sentence marked as an assumption or example. Only money, percentages, scores and
 * counts of 100 or more are claims; other plain numbers are not read here. `computed` adds
 * numbers the answer computed in code beside its sheet (step 3's next-month users). `checked`
 * counts the claims read.
 */
function untraceable(text, { sheet, founder, sources = [], computed = [] }) {
  const nums = sheetNumbers(sheet);
  nums.plain.push(...computed);
  const theirs = writtenNumbers(founder);
  const units = textUnits(text);
  const out = [];
  let checked = 0;
  for (const c of numberClaims(text)) {
    if (c.kind === 'number' && !c.count) continue;
    checked += 1;
    const unit = units.find((u) => c.start >= u.start && c.start < u.end) ?? { text };
    if (theirs.some((n) => near(c, n))) continue;
    const inSheet =
      c.kind === 'money'
        ? c.currency === sheet?.currency?.code && nums.money.some((n) => near(c, n))
        : c.kind === 'percent'
          ? nums.percent.some((n) => near(c, n))
          : c.kind === 'score'
            ? nums.score.some((n) => near(c, n))
            : [...nums.plain, ...nums.money].some((n) => near(c, n));
    if (inSheet) continue;
    const cited = [...unit.text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
    const citedText = sources
      .filter((s) => cited.includes(s.n))
      .map((s) => `${s.title} ${s.snippet}`)
      .join(' ');
    if (citedText && writtenNumbers(citedText).some((n) => near(c, n))) continue;
    if (LABELLED.test(unit.text)) continue;
    out.push({ claim: c.text.trim(), unit: unit.text.trim() });
  }
  return { problems: out, checked };
}

// ---------------------------------------------------------------------------------------------
// Contradictions
// ---------------------------------------------------------------------------------------------

const VERDICT_LABEL = /\bverdict[*_]*\s*:\s*[*_]*\s*(go with changes|no[- ]go|[\p{L}][\p{L}-]*)/giu;
const VERDICT_PROSE = /\bverdict\s+is\s+[*_"“]*\s*(go with changes|no[- ]go|go)\b/gi;

/** Stated verdicts that are not the sheet's. */
function verdictProblems(text, sheet) {
  const word = sheet?.verdict?.word;
  if (!word) return [];
  const out = [];
  for (const re of [VERDICT_LABEL, VERDICT_PROSE]) {
    for (const m of text.matchAll(re)) {
      const said = verdictWord(m[1]);
      if (said !== word) out.push({ what: 'verdict', text: m[0], why: `the fact sheet's verdict is "${word}"` });
    }
  }
  return out;
}

/** Every string of a sheet (its bases, rules, risks and notes), markdown-free. */
function sheetStrings(sheet) {
  const out = [];
  const walk = (v) => {
    if (typeof v === 'string') out.push(v.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim());
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(sheet);
  return out.filter((x) => x.length >= 20);
}

/** A unit that quotes a sentence of the sheet (its own words are the sheet's, not a claim about it). */
function quotesSheet(unitText, strings) {
  const t = unitText
    .replace(/[*_`|]/g, ' ')
    .replace(/^[\s\-\d.)]+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.:;]$/, '');
  return t.length >= 20 && strings.some((x) => x.includes(t) || t.includes(x));
}

/** Words of a sentence about another price than the sheet's (the price that would fix the break-even). */
const PRICE_CHANGE =
  /\bat (?:that|a higher|the higher|the new|a new) price\b|\bprice (?:that|up to)\b|\brais(?:e|ed|es|ing)\b|\bhigher price\b|\blowest price\b|\bprice for break-even\b/i;
/** A sentence about another price: its words, or an amount that is the sheet's price for break-even. */
function otherPrice(unitText, sheet) {
  if (PRICE_CHANGE.test(unitText)) return true;
  const fix = (sheet.plan ?? []).find((f) => f.id === 'price-for-break-even')?.value;
  return typeof fix === 'number' && numberClaims(unitText).some((c) => c.kind === 'money' && near(c, fix));
}
const NEGATED = /\b(?:no|not|never|without|cannot|unlikely|fails? to|nor|until|unless|before|if)\b|n't\b/i;
const BE_MONTH =
  /break[- ]?even(?:s)?[^.\n|;]{0,40}?\b(?:in|at|from|month)\s+(?:month\s+)?(\d{1,3})\b|\bmonth\s+(\d{1,3})\b[^.\n|;]{0,25}?break[- ]?even|\bbreaks? even\s+after\s+(\d{1,3})\s+months/gi;
const BE_YEAR = /break[- ]?even(?:s)?[^.\n|;]{0,30}?\b(?:in|during)\s+year\s+(\d)\b/gi;
const NO_BE = /\bno break[- ]?even\b|\bnever breaks? even\b|\b(?:does not|doesn't|won't|will not|cannot|can't|not)\s+(?:reach\s+|get to\s+)?break[- ]?even\b/gi;
const PROFITABLE =
  /\bthe numbers (?:can|will|do) work\b|\b(?:becomes?|is|turns?|will be|are) profitable\b|\bturns? a profit\b|\breach(?:es|ing)? break[- ]?even\b|\bbreaks? even\b(?!\s+(?:by|within|before))/gi;
const WORD_NUMBERS = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** Break-even statements that are not the sheet's (a report's sheet only). */
function breakEvenProblems(text, sheet) {
  if (sheet?.kind !== 'report') return [];
  const be = sheet.breakEvenMonth;
  const atPrice = (sheet.plan ?? []).find((f) => f.id === 'break-even-at-that-price')?.value ?? null;
  const strings = sheetStrings(sheet);
  const units = textUnits(text).filter((u) => !quotesSheet(u.text, strings));
  const unitOf = (i) => units.find((u) => i >= u.start && i < u.end) ?? null;
  const out = [];
  const flag = (m, why) => out.push({ what: 'break-even', text: unitOf(m.index).text.trim(), why });
  for (const m of text.matchAll(BE_MONTH)) {
    const n = Number(m[1] ?? m[2] ?? m[3]);
    const u = unitOf(m.index);
    if (!u || LABELLED.test(u.text)) continue;
    if (n === be || (n === atPrice && otherPrice(u.text, sheet))) continue;
    flag(m, be ? `the fact sheet breaks even in month ${be}` : 'the fact sheet has no break-even within five years');
  }
  for (const m of text.matchAll(BE_YEAR)) {
    const y = Number(m[1]);
    if (be && y === Math.ceil(be / 12)) continue;
    if (!unitOf(m.index) || LABELLED.test(unitOf(m.index).text)) continue;
    flag(m, be ? `the fact sheet breaks even in month ${be} (year ${Math.ceil(be / 12)})` : 'the fact sheet has no break-even within five years');
  }
  if (be !== null && be !== undefined) {
    for (const m of text.matchAll(NO_BE)) {
      const u = unitOf(m.index);
      if (!u) continue;
      const within = /\bwithin\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(years?|months?)\b/i.exec(u.text.slice(m.index - u.start));
      const limit = within ? (WORD_NUMBERS[within[1].toLowerCase()] ?? Number(within[1])) * (/year/i.test(within[2]) ? 12 : 1) : null;
      if (limit !== null && be > limit) continue;
      if (LABELLED.test(u.text) || otherPrice(u.text, sheet)) continue;
      flag(m, `the fact sheet breaks even in month ${be}`);
    }
  } else {
    for (const m of text.matchAll(PROFITABLE)) {
      const u = unitOf(m.index);
      if (!u) continue;
      const before = u.text.slice(0, m.index - u.start);
      if (NEGATED.test(before) || LABELLED.test(u.text) || otherPrice(u.text, sheet)) continue;
      flag(m, 'the fact sheet has no break-even within five years');
    }
  }
  return out;
}

const LEVEL_BEFORE = /\b(Low|Medium|High)\b[*_]*\s*\(\s*(\d+(?:\.\d+)?)\s*\/\s*10\s*\)/g;
const LEVEL_AFTER = /(?<![\d.])(\d+(?:\.\d+)?)\s*\/\s*10\b\s*\)?[*_]*\s*(?:[-–—:,(|]\s*)?[*_]*\s*\b(Low|Medium|High)\b/g;

/** "Low (8/10)": a word that does not follow 0–3 Low, 4–6 Medium, 7–10 High. */
function levelProblems(text) {
  const out = [];
  for (const m of text.matchAll(LEVEL_BEFORE))
    if (levelWord(Number(m[2])) !== m[1]) out.push({ what: 'label', text: m[0], why: `${m[2]}/10 is ${levelWord(Number(m[2]))}` });
  for (const m of text.matchAll(LEVEL_AFTER))
    if (levelWord(Number(m[1])) !== m[2]) out.push({ what: 'label', text: m[0], why: `${m[1]}/10 is ${levelWord(Number(m[1]))}` });
  return out;
}

/**
 * In a section whose id is one of the sheet's scores: every x/10 must be that score, unless the
 * same sentence names the other score it is (by its label).
 */
function ownScoreProblems(text, sheet, sectionId) {
  const own = (sheet?.scores ?? []).find((s) => s.id === sectionId);
  if (!own) return [];
  const units = textUnits(text);
  const out = [];
  for (const c of numberClaims(text)) {
    if (c.kind !== 'score' || near(c, own.score)) continue;
    const unit = (units.find((u) => c.start >= u.start && c.start < u.end) ?? { text }).text;
    const other = sheet.scores.find((s) => s.id !== own.id && near(c, s.score) && unit.toLowerCase().includes(s.label.toLowerCase()));
    if (!other) out.push({ what: 'own score', text: unit.trim(), why: `${own.label} is ${own.score}/10 in the fact sheet` });
  }
  return out;
}

const count = (text, re) => [...text.matchAll(re)].length;

/** How many statements of each checked kind a text makes (so a run shows its probes saw something to check). */
function statements(text, sheet, sectionId) {
  const own = (sheet?.scores ?? []).some((s) => s.id === sectionId);
  return {
    verdicts: count(text, VERDICT_LABEL) + count(text, VERDICT_PROSE),
    breakEven: count(text, BE_MONTH) + count(text, BE_YEAR) + count(text, NO_BE) + count(text, PROFITABLE),
    labels: count(text, LEVEL_BEFORE) + count(text, LEVEL_AFTER),
    ownScores: own ? numberClaims(text).filter((c) => c.kind === 'score').length : 0,
  };
}

/** Adds counts of `b` into `a`. */
function addCounts(a, b) {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
  return a;
}

/**
 * A fact sheet that contradicts itself (the page shows it as "The numbers behind this report"):
 * a figure whose base lies outside its own range, a year whose profit is not revenue − costs, a
 * score whose word is not its level, "Go" without a break-even within five years.
 */
function sheetProblems(sheet) {
  if (!sheet) return [];
  const out = [];
  for (const f of [...(sheet.sizing ?? []), ...(sheet.economics ?? []), ...(sheet.plan ?? []), ...(sheet.figures ?? [])]) {
    if (typeof f.low === 'number' && typeof f.high === 'number' && (f.value < f.low || f.value > f.high))
      out.push({ what: 'range', text: `${f.label}: ${f.low}–${f.high} (base ${f.value})`, why: 'the base lies outside its own range' });
  }
  for (const y of sheet.years ?? [])
    if (Math.abs(y.revenue - y.costs - y.profit) > 1)
      out.push({ what: 'year', text: `year ${y.year}: revenue ${y.revenue}, costs ${y.costs}, profit ${y.profit}`, why: 'profit is not revenue − costs' });
  for (const sc of sheet.scores ?? [])
    if (sc.level !== levelWord(sc.score))
      out.push({ what: 'level', text: `${sc.label} ${sc.score}/10 ${sc.level}`, why: `${sc.score}/10 is ${levelWord(sc.score)}` });
  if (sheet.kind === 'report' && sheet.breakEvenMonth === null && sheet.verdict?.word === 'Go')
    out.push({ what: 'verdict', text: 'Go', why: 'no break-even within five years cannot be Go' });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Wrong-market names and citations
// ---------------------------------------------------------------------------------------------

/**
 * Names of WELL_KNOWN in a text whose markets do not include any of `markets`, and that are not
 * in `allowed` (the sheet's competitors, the founder's words, the cited sources' text).
 */
function wrongNames(text, { markets, allowed }) {
  const out = [];
  for (const [name, re] of NAME_RES) {
    if (NAME_MARKETS.get(name).some((m) => markets.includes(m))) continue;
    if (allowed.some((a) => a.includes(name))) continue;
    re.lastIndex = 0;
    if (re.test(text)) out.push({ name, markets: NAME_MARKETS.get(name) });
  }
  return out;
}

/** Web addresses a text links to (markdown links and bare addresses) whose host is not one of `sources`'. */
function foreignLinks(text, sources = []) {
  const hosts = new Set(sources.map((x) => hostOf(x.url)).filter(Boolean));
  const urls = [...text.matchAll(/\bhttps?:\/\/[^\s)\]>"'<]+/gi)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
  return [...new Set(urls)].filter((u) => !hosts.has(hostOf(u)));
}

function hostOf(url) {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** [n] markers of a section that are not one of its sources. */
function badCitations(text, sources = []) {
  const given = new Set(sources.map((s) => s.n));
  return [...text.matchAll(/\[(\d{1,3})\](?!\()/g)].filter((m) => !given.has(Number(m[1]))).map((m) => m[0]);
}

// ---------------------------------------------------------------------------------------------
// Probes per answer
// ---------------------------------------------------------------------------------------------

/**
 * @typedef {{ kind: 'contradiction'|'wrong-name'|'untraceable'|'citation', surface: string, section: string, text: string, why: string }} Finding
 */

/** The market a sheet read, against the ids a careful reader accepts: 'right', 'general' (a miss) or 'wrong'. */
function marketRead(sheet, expected) {
  const id = sheet?.market?.id;
  if (!id) return null;
  if (expected.includes(id)) return 'right';
  return id === 'general' ? 'general' : 'wrong';
}

// ---------------------------------------------------------------------------------------------
// The idea's own facts (issue 36): the founder's problem, laws of the founder's place, a device
// planned as a device, competitors of the idea's own sub-segment. Written for this bench.
// ---------------------------------------------------------------------------------------------

/** Places a founder may name → the jurisdiction whose laws apply there ('other': none of the laws below). */
const PLACE_JURISDICTIONS = [
  [/\b(?:UK|U\.K\.|United Kingdom|Britain|British|England|Scotland|Wales|London|Manchester|Leeds|Bristol|Edinburgh|Glasgow|Birmingham|Liverpool)\b/, 'UK'],
  [
    /\b(?:US|USA|U\.S\.|United States|America|American|New York|NYC|California|Texas|Portland|Chicago|Seattle|Boston|San Francisco|Los Angeles|Austin|Florida)\b/,
    'US',
  ],
  [
    /\b(?:EU|Europe|European|Germany|German|Berlin|Munich|Hamburg|Cologne|Frankfurt|France|French|Paris|Lyon|Spain|Spanish|Madrid|Barcelona|Valencia|Portugal|Portuguese|Lisbon|Porto|Netherlands|Dutch|Amsterdam|Rotterdam|Ireland|Irish|Dublin|Poland|Polish|Warsaw|Krakow|Italy|Italian|Milan|Rome|Sweden|Swedish|Stockholm|Belgium|Brussels|Austria|Vienna|Denmark|Copenhagen|Finland|Helsinki|Greece|Athens|Czech|Prague)\b/,
    'EU',
  ],
  [/\b(?:Canada|Canadian|Toronto|Vancouver|Montreal|Ottawa|Calgary)\b/, 'CA'],
  [/\b(?:Australia|Australian|Sydney|Melbourne|Brisbane|Perth)\b/, 'AU'],
  [/\b(?:India|Indian|Mumbai|Delhi|Bangalore|Bengaluru|Chennai|Hyderabad|Pune)\b/, 'IN'],
  [/\b(?:Brazil|Brazilian|São Paulo|Sao Paulo|Rio)\b/, 'BR'],
  [/\b(?:Japan|Japanese|Tokyo|Osaka|Kyoto)\b/, 'JP'],
  [/\bSingapore\b/, 'SG'],
  [/\b(?:Nigeria|Nigerian|Lagos|Abuja)\b/, 'NG'],
  [/\b(?:Kenya|Kenyan|Nairobi|Mombasa)\b/, 'KE'],
  [/\b(?:Mexico|Mexican|Switzerland|Swiss|Zurich|Zürich|Geneva|Korea|Korean|Seoul|South Africa|Johannesburg|Cape Town)\b/, 'other'],
];

/** The jurisdiction of the place the founder's words name (the first found), or null when they name none. */
function founderJurisdiction(founder) {
  for (const [re, j] of PLACE_JURISDICTIONS) if (re.test(founder)) return j;
  return null;
}

/** Laws and regulators that belong to one jurisdiction. */
const LAWS = [
  [/\b(?:FTC|FDA|HIPAA|COPPA|FERPA|FMCSA|CPSC|CCPA|EEOC|CAN-SPAM|FCC|IRS|MoCRA|FALCPA)\b|Fair Housing Act|Bank Secrecy Act|NYC Local Law|Section 508/g, 'US'],
  [
    /(?<!UK )\bGDPR\b|\bPSD2\b|\bEU AI Act\b|\bDAC7\b|Digital Services Act|Radio Equipment Directive|\bCE marking\b|General Product Safety Regulation(?!s)|WEEE Directive|Batteries Regulation|Package Travel Directive|Medical Device Regulation/g,
    'EU',
  ],
  [
    /\b(?:ASA|CAP Code|FCA|ICO|MHRA|Ofsted|CQC|PECR|ATOL|HMRC|UKCA)\b|UK GDPR|Gas Safe|Tenant Fees Act|Equality Act|Legal Services Act|Consumer Rights Act|Consumer Contracts Regulations|Veterinary Surgeons Act|Radio Equipment Regulations|General Product Safety Regulations|UK WEEE|Payment Services Regulations|Data Protection Act 2018|Money Laundering Regulations/g,
    'UK',
  ],
  [/\bPIPEDA\b|\bISED\b|Canada Consumer Product Safety Act/g, 'CA'],
  [/Privacy Act 1988|\bACMA\b|\bRCM\b|Australian Consumer Law/g, 'AU'],
  [/\bDPDP\b|Digital Personal Data Protection Act|\bWPC\b/g, 'IN'],
  [/\bLGPD\b|\bAnatel\b/g, 'BR'],
  [/\bAPPI\b/g, 'JP'],
  [/\bPDPA\b|\bIMDA\b/g, 'SG'],
  [/\bNDPA\b|Nigeria Data Protection Act|\bNCC\b/g, 'NG'],
  [/Data Protection Act 2019|Communications Authority/g, 'KE'],
];

/**
 * Laws and regulators of another place in a text: with the founder's place `j`, any law of
 * another jurisdiction; with no place, any named law (except in a sentence that lists them as
 * "to check" for each place).
 */
function foreignLaws(text, j) {
  const out = [];
  for (const u of textUnits(text)) {
    for (const [re, lawJ] of LAWS) {
      for (const m of u.text.matchAll(re)) {
        if (j === lawJ) continue;
        if (!j && /\bto check\b/i.test(u.text)) continue;
        out.push({ law: m[0], jurisdiction: lawJ, text: u.text });
      }
    }
  }
  return out;
}

/**
 * The market table's typical pains (every market's, consumer and business), lower-case; not those
 * that are also what customers use instead (an alternative named as a substitute is no problem statement).
 */
const TABLE_PAINS = (() => {
  const { MARKETS, GENERAL } = require('@val/offline-analyst');
  const all = [...MARKETS, GENERAL.consumer, GENERAL.business];
  const alternatives = new Set(all.flatMap((m) => m.alternatives).map((x) => x.toLowerCase()));
  return [...new Set(all.flatMap((m) => [...m.pains, ...(m.bizPains ?? [])]).map((x) => x.toLowerCase()))].filter((x) => !alternatives.has(x));
})();

/**
 * Lines of a section that state one of the market table's typical pains without labelling it as
 * the market's ("other pains common in pet care"): the market's pain presented as the founder's.
 * A line is labelled by its own words or by the heading above it; a pain the founder wrote is theirs.
 */
function replacedProblems(text, founder = '') {
  const out = [];
  const own = founder.toLowerCase();
  let heading = '';
  for (const line of text.split('\n')) {
    if (/^#{1,6}\s/.test(line)) heading = line;
    const low = line.toLowerCase();
    const pain = TABLE_PAINS.find((x) => low.includes(x) && !own.includes(x));
    if (pain && !/common in|other pains/i.test(`${heading} ${line}`)) out.push({ pain, text: line.trim() });
  }
  return out;
}

/** Words that say a feasibility section plans a device (each group must appear). */
const DEVICE_PLAN = [
  ['certification', /certif|\bCE marking\b|\bFCC\b|\bUKCA\b/i],
  ['manufacturing', /manufactur/i],
  ['unit cost', /unit cost/i],
  ['components', /component|module|sensor|battery/i],
];

/**
 * What the well-known names of a few markets sell (stems), written for this bench: a name named
 * for an idea whose words hold none of them competes in another sub-segment (a pet-food box is
 * no competitor of a GPS collar). Names not listed are judged by market only.
 */
const SEGMENTS = {
  Chewy: ['food', 'treat', 'suppl', 'shop', 'order', 'kibble', 'pharmac'],
  Rover: ['walker', 'dog walking', 'sitter', 'sitting', 'boarding', 'minding', 'holiday', 'away'],
  'Wag!': ['walker', 'dog walking', 'sitter', 'sitting', 'boarding'],
  BarkBox: ['box', 'toy', 'treat', 'gift', 'chew'],
  Petplan: ['insur', 'vet bill', 'cover', 'claim'],
  Trupanion: ['insur', 'vet bill', 'cover', 'claim'],
  Tractive: ['gps', 'track', 'collar', 'locat', 'lost', 'escape', 'missing'],
  Whistle: ['gps', 'track', 'collar', 'locat', 'lost', 'escape', 'activity'],
  "The Farmer's Dog": ['food', 'meal', 'fresh', 'diet', 'nutrition', 'portion'],
  'Butternut Box': ['food', 'meal', 'fresh', 'diet', 'nutrition', 'portion'],
  PetDesk: ['vet', 'clinic', 'remind', 'appointment', 'booking'],
  Fressnapf: ['food', 'shop', 'store', 'suppl', 'treat'],
  HelloFresh: ['meal kit', 'recipe', 'ingredient', 'box', 'cook', 'dinner'],
  Gousto: ['meal kit', 'recipe', 'ingredient', 'box', 'cook', 'dinner'],
  DoorDash: ['takeaway', 'delivery', 'deliver', 'restaurant', 'order'],
  'Uber Eats': ['takeaway', 'delivery', 'deliver', 'restaurant', 'order'],
  Deliveroo: ['takeaway', 'delivery', 'deliver', 'restaurant', 'order'],
  'Just Eat': ['takeaway', 'delivery', 'deliver', 'restaurant', 'order'],
  OpenTable: ['restaurant', 'reserv', 'table', 'booking', 'dining'],
  Toast: ['restaurant', 'café', 'cafe', 'till', 'point of sale', 'pos', 'order', 'kitchen'],
  Peloton: ['bike', 'cycl', 'class', 'workout', 'home', 'treadmill'],
  Strava: ['run', 'ride', 'cycl', 'route', 'track', 'training'],
  Zwift: ['cycl', 'ride', 'bike', 'indoor', 'training'],
  ClassPass: ['class', 'gym', 'studio', 'pass', 'booking'],
  Mindbody: ['studio', 'gym', 'class', 'booking', 'member', 'salon', 'spa'],
  'Care.com': ['sitter', 'babysit', 'nanny', 'carer', 'childcare', 'elder', 'care'],
  Life360: ['locat', 'track', 'gps', 'family', 'safety', 'check-in', 'alert'],
};

/** Names of SEGMENTS named in a text whose segment the founder's words do not touch. */
function offSegmentNames(text, founder) {
  const low = founder.toLowerCase();
  const touches = (stems) => stems.some((st) => new RegExp(`(?<![\\p{L}])${escapeRe(st)}`, 'iu').test(low));
  return Object.entries(SEGMENTS)
    .filter(
      ([name, stems]) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'u').test(text) && !founder.includes(name) && !touches(stems),
    )
    .map(([name]) => name);
}

/**
 * The idea's own facts in a finished report (counted once per report and kind, with the first
 * offending text): `problem-replaced` (a market pain stated as the founder's, or the founder's
 * stated problem never quoted), `foreign-law`, `hardware-feasibility` (a device idea whose
 * Technical Feasibility plans no certification, manufacturing, unit cost or components) and
 * `off-segment` (a competitor of another sub-segment).
 */
function ideaFactProblems(sections, { product, inputs, kind }) {
  const founder = Object.values(inputs).join('\n');
  const j = founderJurisdiction(founder);
  const problem = (inputs.problemSolved ?? '').trim();
  const all = sections.map((s) => s.raw_output ?? '').join('\n');
  const out = [];
  const once = (k, section, text, why) => {
    if (!out.some((x) => x.kind === k)) out.push({ kind: k, surface: product, section, text, why });
  };
  for (const s of sections) {
    const text = s.raw_output ?? '';
    for (const r of replacedProblems(text, founder))
      once('problem-replaced', s.id, r.text, `the market's typical pain "${r.pain}" stated as the founder's problem`);
    for (const l of foreignLaws(text, j))
      once('foreign-law', s.id, l.text, `${l.law} belongs to ${l.jurisdiction}; the founder's place is ${j ?? 'not given'}`);
    for (const n of offSegmentNames(text, founder))
      once('off-segment', s.id, n, `${n} sells ${SEGMENTS[n].slice(0, 3).join(', ')}…, which the founder's words do not touch`);
  }
  if (problem && !all.toLowerCase().includes(problem.slice(0, 40).toLowerCase()))
    once('problem-replaced', '(report)', problem, "the founder's stated problem is never quoted");
  const tech = sections.find((s) => s.id === 'technical-feasibility');
  if (kind === 'hardware' && tech) {
    const missing = DEVICE_PLAN.filter(([, re]) => !re.test(tech.raw_output ?? '')).map(([w]) => w);
    if (missing.length) once('hardware-feasibility', tech.id, (tech.raw_output ?? '').slice(0, 200), `a device planned without ${missing.join(', ')}`);
  }
  return out;
}

/**
 * A finished report (the `POST /api/reports/status` answer): every visible section against the
 * report's fact sheet. `inputs` are the product's fields as sent.
 */
function probeReport(status, { product, inputs, kind }) {
  const sheet = status.fact_sheet;
  const founder = Object.values(inputs).join('\n');
  const findings = [];
  const f = (kind, section, text, why) => findings.push({ kind, surface: product, section, text, why });
  let withSources = 0;
  let claims = 0;
  const seen = {};
  const unsourced = [];
  const sections = status.flow_execution_steps ?? [];
  if (!sheet) f('contradiction', '(report)', '', 'the status answer carries no fact_sheet');
  for (const p of sheetProblems(sheet)) f('sheet', '(fact sheet)', p.text, `${p.what}: ${p.why}`);
  for (const s of sections) {
    const text = s.raw_output ?? '';
    const sources = s.sources ?? [];
    if (sources.length) withSources += 1;
    else unsourced.push(s.id);
    addCounts(seen, statements(text, sheet, s.id));
    for (const p of [...verdictProblems(text, sheet), ...breakEvenProblems(text, sheet), ...levelProblems(text), ...ownScoreProblems(text, sheet, s.id)])
      f('contradiction', s.id, p.text, `${p.what}: ${p.why}`);
    for (const n of wrongNames(text, {
      markets: sheet ? [sheet.market.id] : [],
      allowed: [...(sheet?.competitors ?? []), founder, ...sources.map((x) => `${x.title} ${x.snippet}`)],
    })) {
      f(
        'wrong-name',
        s.id,
        n.name,
        `belongs to ${n.markets.join(', ')}; the report reads ${sheet?.market?.id ?? '?'} and its competitors are ${(sheet?.competitors ?? []).join(', ') || 'none'}`,
      );
    }
    const traced = untraceable(text, { sheet, founder, sources });
    claims += traced.checked;
    for (const u of traced.problems)
      f('untraceable', s.id, u.unit, `"${u.claim}" matches no figure of the fact sheet, no number of the inputs and no cited source`);
    for (const c of badCitations(text, sources))
      f('citation', s.id, c, `not one of the section's sources (${sources.map((x) => `[${x.n}]`).join(', ') || 'none'})`);
    for (const u of foreignLinks(text, sources)) f('link', s.id, u, "a link to an address none of the section's sources gave");
  }
  findings.push(...ideaFactProblems(sections, { product, inputs, kind }));
  return { findings, sections: sections.length, withSources, unsourced, claims, seen, sheet };
}

/**
 * The validation answer (`POST /api/validate`): its score, verdict and numbers against its
 * factSheet. Without a factSheet only the labels and the names (against the idea's expected
 * markets) are checked, and `checked` is false.
 */
function probeValidation(answer, { expected }) {
  const sheet = answer.factSheet;
  const text = answer.feedback ?? '';
  const founder = [answer.idea, answer.targetCustomer, answer.problemSolved].join('\n');
  const findings = [];
  let claims = 0;
  const f = (kind, text2, why) => findings.push({ kind, surface: 'validation', section: 'feedback', text: text2, why });
  for (const p of levelProblems(text)) f('contradiction', p.text, `${p.what}: ${p.why}`);
  const seen = statements(text, sheet, '');
  if (sheet) {
    for (const p of verdictProblems(text, sheet)) f('contradiction', p.text, `${p.what}: ${p.why}`);
    for (const m of text.matchAll(/Validation Score:\s*[*_]*\s*(\d+(?:\.\d+)?)\s*\/\s*10/gi)) {
      if (Math.abs(Number(m[1]) - sheet.score) > 0.05) f('contradiction', m[0], `the fact sheet's score is ${sheet.score}/10`);
    }
    if (typeof answer.score === 'number' && Math.abs(answer.score - sheet.score) > 0.05)
      f('contradiction', `score ${answer.score}`, `the fact sheet's score is ${sheet.score}/10`);
    const traced = untraceable(text, { sheet, founder });
    claims = traced.checked;
    for (const u of traced.problems) f('untraceable', u.unit, `"${u.claim}" matches no figure of the fact sheet and no number of the inputs`);
  }
  for (const u of foreignLinks(text)) f('link', u, 'a link in the validation (it consults no sources)');
  for (const n of wrongNames(text, { markets: sheet ? [sheet.market.id] : expected, allowed: [founder] }))
    f('wrong-name', n.name, `belongs to ${n.markets.join(', ')}; the validation reads ${sheet?.market?.id ?? `(no sheet; expected ${expected.join(', ')})`}`);
  return { findings, checked: !!sheet, claims, seen, sheet };
}

/**
 * Numbers of month `k` a card may mention: its users, new, lost, growth, net change, previous and
 * next users, the lost users as a percent of the previous month's, its multiple of month 1.
 */
function monthNumbers(months, k, card) {
  const m = months[k];
  const prev = months[k - 1];
  const next = months[k + 1];
  const out = [m.users, m.newUsers, m.churnedUsers, m.month, Math.abs(m.users - (prev?.users ?? 0))];
  if (typeof m.growthPercent === 'number') out.push(Math.abs(m.growthPercent));
  if (prev?.users > 0) out.push((m.churnedUsers / prev.users) * 100);
  if (prev) out.push(prev.users);
  if (next) out.push(next.users);
  if (typeof card?.nextMonthUsers === 'number') out.push(card.nextMonthUsers);
  if (months[0]?.users > 0) out.push(m.users / months[0].users);
  return out.filter((n) => typeof n === 'number');
}

/**
 * A number that quotes the founder: they wrote it with the same word after it ("12
 * practitioners") or before it ("about 40"). A founder's number used for something else ("12
 * users left") is not theirs.
 */
function quotesFounder(text, c, founder) {
  const n = c.text.trim().toLowerCase();
  const after = /^\s*([\p{L}]+)/u.exec(text.slice(c.end))?.[1]?.toLowerCase();
  const before = /([\p{L}]+)\s*$/u.exec(text.slice(0, c.start))?.[1]?.toLowerCase();
  const f = founder.toLowerCase().replace(/\s+/g, ' ');
  return (!!after && f.includes(`${n} ${after}`)) || (!!before && f.includes(`${before} ${n}`));
}

/** The numbers a text writes, with their tolerance ("Month N" is a month, not a number). */
function plainNumbers(text) {
  return numberClaims(text.replace(/\bmonths?\s+[1-6]\b/gi, (s) => 'x'.repeat(s.length))).map((c) => ({ ...c, value: Math.abs(c.value) }));
}

/**
 * Step 3 (the `POST /api/generate-simulation` answer and the `POST /api/val-chat` reply to the
 * question about lost users): each month card's texts may mention only that month's numbers
 * (and the founder's), its users must be the sheet's; the chat reply must state the month's lost
 * users, and its user counts and percentages must be the month's. Numbers of the cards and the
 * reply are also traced to the simulation's sheet, names checked against its market.
 */
function probeStep3({ simulation, chat, validation, customers }, { expected }) {
  const sheet = simulation.factSheet;
  const cards = simulation.simulation ?? [];
  const months =
    sheet?.months ??
    cards.map((c, k) => ({
      month: c.month,
      users: c.users,
      newUsers: c.newUsers,
      churnedUsers: c.churnedUsers,
      growthPercent: k ? Math.round(((c.users - cards[k - 1].users) / cards[k - 1].users) * 100) : null,
    }));
  const founder = [validation.idea, validation.targetCustomer, validation.problemSolved].join('\n');
  const findings = [];
  const f = (kind, section, text, why) => findings.push({ kind, surface: 'step 3', section, text, why });
  cards.forEach((card, k) => {
    if (!months[k]) return;
    if (card.users !== months[k].users)
      f('contradiction', `month ${card.month}`, `${card.users} users`, `the fact sheet has ${months[k].users} users in month ${months[k].month}`);
    const allowed = monthNumbers(months, k, card);
    for (const t of [card.title, ...(card.wins ?? []), ...(card.challenges ?? []), card.challenge].filter(Boolean)) {
      for (const c of plainNumbers(t)) {
        if (allowed.some((n) => near(c, n)) || quotesFounder(t, c, founder)) continue;
        f(
          'contradiction',
          `month ${card.month}`,
          t,
          `"${c.text.trim()}" is not one of month ${card.month}'s numbers (${months[k].users} users, ${months[k].newUsers} new, ${months[k].churnedUsers} lost, growth ${months[k].growthPercent ?? '—'}%)`,
        );
      }
    }
  });
  const k = months.findIndex((m) => m.month === chat.month);
  if (k >= 0) {
    const m = months[k];
    const reply = chat.reply ?? '';
    const said = plainNumbers(reply);
    if (!said.some((c) => c.value === m.churnedUsers))
      f('contradiction', `chat, month ${m.month}`, reply, `asked about lost users, the reply does not state the month's ${m.churnedUsers} lost users`);
    const allowed = monthNumbers(months, k, cards[k]);
    for (const c of said) {
      const unitAfter = reply.slice(c.end, c.end + 12);
      if (!(c.kind === 'percent' || /^\s*(?:users?|customers?|people|sign-?ups?)\b/i.test(unitAfter))) continue;
      if (allowed.some((n) => near(c, n)) || quotesFounder(reply, c, founder)) continue;
      f(
        'contradiction',
        `chat, month ${m.month}`,
        reply,
        `"${c.text.trim()}${c.kind === 'percent' ? '' : unitAfter.replace(/\W.*$/, '')}" is not one of month ${m.month}'s numbers`,
      );
    }
  }
  const texts = [...cards.flatMap((c) => [c.title, ...(c.wins ?? []), ...(c.challenges ?? []), c.challenge ?? '']), chat.reply ?? ''].join('\n');
  const traced = untraceable(texts, { sheet, founder, computed: cards.map((c) => c.nextMonthUsers).filter((n) => typeof n === 'number') });
  for (const u of traced.problems) f('untraceable', 'months and chat', u.unit, `"${u.claim}" matches no number of the simulation's fact sheet or the inputs`);
  for (const u of foreignLinks(texts)) f('link', 'months and chat', u, 'a link in step 3 (it consults no sources)');
  const personaText = (customers ?? []).map((c) => `${c.name} ${c.role} ${c.background}`).join('\n');
  for (const n of wrongNames(`${texts}\n${personaText}`, { markets: sheet ? [sheet.market.id] : expected, allowed: [founder] }))
    f(
      'wrong-name',
      'step 3',
      n.name,
      `belongs to ${n.markets.join(', ')}; the simulation reads ${sheet?.market?.id ?? `(no sheet; expected ${expected.join(', ')})`}`,
    );
  return { findings, claims: traced.checked, sheet };
}

module.exports = {
  WELL_KNOWN,
  statements,
  addCounts,
  sheetProblems,
  levelWord,
  textUnits,
  numberClaims,
  writtenNumbers,
  sheetNumbers,
  untraceable,
  verdictProblems,
  breakEvenProblems,
  levelProblems,
  ownScoreProblems,
  wrongNames,
  badCitations,
  foreignLinks,
  marketRead,
  probeReport,
  ideaFactProblems,
  foreignLaws,
  founderJurisdiction,
  replacedProblems,
  offSegmentNames,
  probeValidation,
  probeStep3,
};
