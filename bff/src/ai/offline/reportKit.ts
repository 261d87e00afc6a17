/**
 * The offline analyst's toolkit for reports: reads the buyer's inputs (their words, sector,
 * geography, numbers) into a profile, derives one consistent set of market figures from it, and
 * quotes what upstream agents wrote. Deterministic: the same inputs give the same report.
 */

/** A sector the analyst recognises from the buyer's words, with what it knows about it. */
export interface Sector {
  id: string;
  label: string;
  words: string[];
  b2b: boolean;
  buyers: string;
  /** Typical monthly price per customer in USD (low, high). */
  price: [number, number];
  grossMargin: number;
  /** Customer acquisition cost in USD (low, high). */
  cac: [number, number];
  /** Potential buyers per million inhabitants (people or organisations). */
  buyersPerMillion: number;
  regulations: Array<[string, string]>;
  trends: string[];
  incumbents: string[];
  substitutes: string[];
  suppliers: string[];
  channels: string[];
  tech: string[];
  pains: string[];
  /** Pains of the businesses in a consumer sector (when the buyer is a business). */
  bizPains?: string[];
}

const SECTORS: Sector[] = [
  {
    id: 'health', label: 'healthcare', b2b: false,
    words: ['health', 'clinic', 'patient', 'doctor', 'medical', 'therapy', 'therapist', 'dental', 'dentist', 'mental', 'pharmacy', 'hospital', 'nurse', 'care', 'diagnos', 'symptom', 'medication'],
    buyers: 'patients and the clinics that treat them', price: [15, 60], grossMargin: 0.72, cac: [60, 180], buyersPerMillion: 9000,
    regulations: [['HIPAA (US) / GDPR special-category data (EU)', 'health data needs consent, encryption at rest and in transit, and signed data-processing agreements'], ['Medical device rules (FDA SaMD, EU MDR)', 'software that diagnoses or recommends treatment can become a regulated device'], ['Telehealth and licensing rules', 'advice across state or national borders may require locally licensed professionals']],
    trends: ['patients expect booking, reminders and follow-up on their phone', 'clinics are short of staff and buy tools that remove admin work', 'payers reward prevention and remote monitoring more each year'],
    incumbents: ['Epic MyChart', 'Zocdoc', 'Doctolib', 'Teladoc'], substitutes: ['phone calls and paper forms', 'general chat apps', 'doing nothing until symptoms worsen'],
    suppliers: ['EHR vendors who control data access', 'licensed clinicians', 'cloud hosting with HIPAA agreements'], channels: ['partnerships with clinics', 'referrals from practitioners', 'search for symptoms and local care'],
    tech: ['secure patient records', 'appointment and reminder engine', 'EHR integration (FHIR APIs)'], bizPains: ['no-shows and empty appointment slots', 'admin eating clinical time', 'patients lost between visits'],
    pains: ['long waits and no-shows', 'paperwork repeated at every visit', 'little support between appointments'],
  },
  {
    id: 'fitness', label: 'fitness and wellness', b2b: false,
    words: ['gym', 'fitness', 'yoga', 'workout', 'wellness', 'sport', 'athlete', 'running', 'pilates', 'coach', 'training', 'nutrition', 'diet', 'sleep', 'meditation'],
    buyers: 'active people and the studios that serve them', price: [8, 35], grossMargin: 0.78, cac: [25, 70], buyersPerMillion: 60000,
    regulations: [['Consumer protection and subscription rules', 'clear cancellation and auto-renewal terms are enforced (FTC click-to-cancel, EU consumer law)'], ['Health claims advertising rules', 'claims about weight loss or health outcomes need evidence'], ['Data protection (GDPR/CCPA)', 'biometric and activity data need consent']],
    trends: ['hybrid training: people mix studio classes with home workouts', 'wearables feed data that members expect apps to use', 'studios move from memberships to flexible class packs'],
    incumbents: ['ClassPass', 'Mindbody', 'Strava', 'Peloton'], substitutes: ['free YouTube workouts', 'a gym membership already paid for', 'walking and running with no app'],
    suppliers: ['app stores (15-30% fees)', 'instructors and studios', 'wearable platforms (Apple Health, Google Fit)'], channels: ['Instagram and TikTok creators', 'studio partnerships', 'referral credits between members'],
    tech: ['booking and payments', 'mobile app with offline video', 'wearable integrations'], bizPains: ['empty classes and no-shows', 'members who quit after three months', 'booking and payments spread over several tools'],
    pains: ['losing motivation after a few weeks', 'classes that are full or badly timed', 'paying for memberships they do not use'],
  },
  {
    id: 'education', label: 'education', b2b: false,
    words: ['school', 'student', 'teacher', 'course', 'learning', 'learn', 'tutor', 'university', 'education', 'kids', 'children', 'exam', 'classroom', 'homework', 'language'],
    buyers: 'learners, parents and schools', price: [10, 40], grossMargin: 0.8, cac: [30, 90], buyersPerMillion: 40000,
    regulations: [["Children's privacy (COPPA, GDPR-K)", 'users under 13 (16 in parts of the EU) need verified parental consent'], ['Student records (FERPA in the US)', 'schools may only share records with vendors under strict agreements'], ['Accessibility (WCAG 2.1 AA)', 'public schools require accessible software in procurement']],
    trends: ['AI tutoring is becoming normal for homework help', 'schools consolidate onto fewer platforms', 'parents pay for outcomes such as grades and exam passes'],
    incumbents: ['Khan Academy', 'Duolingo', 'Google Classroom', 'Chegg'], substitutes: ['private tutors', 'free videos', 'help from parents and classmates'],
    suppliers: ['curriculum and content licensors', 'school IT administrators', 'app stores'], channels: ['teachers who recommend tools', 'parent communities', 'search around exam dates'],
    tech: ['content and progress tracking', 'adaptive practice engine', 'rostering integrations (Clever, Google)'], bizPains: ['teacher time lost on admin', 'students falling behind unnoticed', 'parents who are hard to reach'],
    pains: ['falling behind without noticing', 'teachers with no time for individual feedback', 'expensive private tutoring'],
  },
  {
    id: 'finance', label: 'financial services', b2b: false,
    words: ['bank', 'payment', 'invoice', 'accounting', 'finance', 'financial', 'loan', 'insurance', 'tax', 'budget', 'crypto', 'invest', 'savings', 'money', 'bookkeeping', 'credit'],
    buyers: 'households and small businesses managing money', price: [12, 49], grossMargin: 0.7, cac: [80, 250], buyersPerMillion: 25000,
    regulations: [['Payments and e-money licensing (PSD2, state money-transmitter licences)', 'holding or moving money requires a licence or a licensed partner'], ['KYC and anti-money-laundering rules', 'identity checks and transaction monitoring are mandatory'], ['Consumer credit and advice rules', 'recommending products can count as regulated financial advice']],
    trends: ['open banking APIs make account data available with consent', 'small businesses expect invoicing, payments and bookkeeping in one place', 'embedded finance lets non-banks offer payments and credit'],
    incumbents: ['QuickBooks', 'Stripe', 'Revolut', 'Xero'], substitutes: ['spreadsheets', "the bank's own app", 'an accountant once a year'],
    suppliers: ['banking-as-a-service partners', 'open banking aggregators (Plaid, TrueLayer)', 'card networks'], channels: ['accountants and bookkeepers as partners', 'content on tax deadlines', 'integrations with tools they already use'],
    tech: ['bank-grade security and audit logs', 'open banking connections', 'reconciliation engine'], bizPains: ['late payments from customers', 'hours of manual reconciliation', 'compliance paperwork'],
    pains: ['late payments and cash-flow surprises', 'hours lost on manual bookkeeping', 'fees they do not understand'],
  },
  {
    id: 'food', label: 'food and beverage', b2b: false,
    words: ['restaurant', 'food', 'meal', 'recipe', 'grocery', 'groceries', 'cafe', 'coffee', 'kitchen', 'bakery', 'snack', 'drink', 'chef', 'cook', 'vegan', 'plant-based', 'catering'],
    buyers: 'diners, home cooks and food businesses', price: [20, 80], grossMargin: 0.45, cac: [30, 90], buyersPerMillion: 80000,
    regulations: [['Food safety (FDA FSMA, EU 178/2002, HACCP)', 'anyone preparing or handling food needs registered premises and safety plans'], ['Labelling and allergen rules', '14 allergens (EU) or 9 (US) must be declared'], ['Local licensing and health inspections', 'kitchens and vendors need permits that vary by city']],
    trends: ['demand for healthier and plant-based options keeps growing', 'restaurants fight delivery-app commissions of 15-30%', 'food waste and sourcing transparency influence choices'],
    incumbents: ['DoorDash', 'Uber Eats', 'HelloFresh', 'Toast'], substitutes: ['cooking at home', 'supermarket ready meals', 'local takeaways'],
    suppliers: ['wholesale ingredient suppliers', 'delivery couriers', 'commercial kitchens'], channels: ['local social media and food influencers', 'partnerships with offices and gyms', 'marketplace listings'],
    tech: ['ordering and payments', 'inventory and supplier management', 'delivery routing'], bizPains: ['delivery commissions of 15-30%', 'food waste and stock-outs', 'staff scheduling chaos'],
    pains: ['rising ingredient costs', 'little time to cook well', 'high delivery commissions'],
  },
  {
    id: 'retail', label: 'retail and e-commerce', b2b: false,
    words: ['shop', 'store', 'ecommerce', 'e-commerce', 'retail', 'fashion', 'clothing', 'marketplace', 'seller', 'brand', 'shopify', 'product', 'furniture', 'jewelry', 'beauty', 'cosmetic'],
    buyers: 'shoppers and independent sellers', price: [25, 90], grossMargin: 0.5, cac: [20, 60], buyersPerMillion: 120000,
    regulations: [['Consumer rights and returns (EU 14-day withdrawal, FTC rules)', 'online sales must allow returns and show total prices'], ['Product safety and labelling (CPSC, GPSR)', 'sellers are responsible for safe, correctly labelled goods'], ['Sales tax and VAT collection', 'marketplaces and sellers must collect tax where customers live']],
    trends: ['shoppers discover products on social video before search', 'resale and second-hand grow faster than new retail', 'fast, free returns are now expected'],
    incumbents: ['Amazon', 'Shopify merchants', 'Etsy', 'Zalando'], substitutes: ['high-street shops', 'second-hand marketplaces', 'buying nothing new'],
    suppliers: ['manufacturers and wholesalers', 'payment processors', 'shipping carriers'], channels: ['TikTok and Instagram shopping', 'marketplace listings', 'email and SMS to past buyers'],
    tech: ['storefront and checkout', 'inventory sync across channels', 'returns handling'], bizPains: ['returns eating margins', 'rising ad costs per sale', 'stock piling up or running out'],
    pains: ['returns eating margins', 'rising ad costs to reach shoppers', 'stock running out or piling up'],
  },
  {
    id: 'home', label: 'real estate and home services', b2b: false,
    words: ['property', 'rent', 'rental', 'landlord', 'tenant', 'home', 'real estate', 'housing', 'construction', 'plumber', 'contractor', 'renovation', 'cleaning', 'apartment', 'roommate'],
    buyers: 'homeowners, tenants and property managers', price: [15, 70], grossMargin: 0.65, cac: [50, 160], buyersPerMillion: 35000,
    regulations: [['Tenancy and housing law', 'deposits, notices and fees are regulated city by city'], ['Contractor licensing and insurance', 'tradespeople must be licensed and insured for many jobs'], ['Fair housing and anti-discrimination rules', 'screening tenants must not discriminate']],
    trends: ['renters stay longer and expect digital rent and repairs', 'small landlords professionalise with software', 'energy-efficiency upgrades are pushed by regulation and grants'],
    incumbents: ['Zillow', 'Angi', 'Rightmove', 'AppFolio'], substitutes: ['letting agents', 'word-of-mouth tradespeople', 'spreadsheets and WhatsApp groups'],
    suppliers: ['listing portals', 'tradespeople', 'credit reference agencies'], channels: ['landlord associations', 'local search', 'property-manager partnerships'],
    tech: ['listings and screening', 'maintenance ticketing', 'payments and deposits'], bizPains: ['slow repairs and unhappy tenants', 'late rent', 'paperwork across many properties'],
    pains: ['repairs that take weeks', 'finding trustworthy tradespeople', 'late rent and paperwork'],
  },
  {
    id: 'logistics', label: 'logistics and mobility', b2b: true,
    words: ['delivery', 'logistics', 'shipping', 'fleet', 'truck', 'route', 'transport', 'warehouse', 'courier', 'freight', 'travel', 'car', 'parking', 'ride', 'mobility'],
    buyers: 'operators of fleets, warehouses and delivery teams', price: [99, 600], grossMargin: 0.7, cac: [800, 3000], buyersPerMillion: 900,
    regulations: [['Driver hours and vehicle rules (FMCSA, EU tachograph)', 'hours, rest and vehicle checks must be recorded'], ['Employment status of drivers', 'gig models face reclassification in several markets'], ['Data protection for location tracking', 'tracking drivers needs a lawful basis and transparency']],
    trends: ['same-day delivery is becoming the default expectation', 'fuel and labour costs push route optimisation', 'fleets electrify, creating charging and range planning needs'],
    incumbents: ['Samsara', 'Onfleet', 'Routific', 'Descartes'], substitutes: ['spreadsheets and phone calls', 'features inside the ERP', 'outsourcing to a 3PL'],
    suppliers: ['telematics hardware makers', 'map and routing APIs', 'fuel and charging networks'], channels: ['direct sales to operations managers', 'trade shows', 'ERP and e-commerce integrations'],
    tech: ['route optimisation', 'driver mobile app', 'telematics integrations'], pains: ['failed deliveries and re-routes', 'drivers idle or overloaded', 'no live view of where things are'],
  },
  {
    id: 'software', label: 'business software', b2b: true,
    words: ['saas', 'b2b', 'software', 'crm', 'team', 'workflow', 'automation', 'api', 'developer', 'agency', 'freelancer', 'small business', 'smb', 'startup', 'sales', 'marketing', 'manager', 'dashboard', 'productivity', 'meeting', 'project'],
    buyers: 'small and mid-size businesses and their teams', price: [29, 199], grossMargin: 0.82, cac: [300, 1200], buyersPerMillion: 4500,
    regulations: [['Data protection (GDPR, CCPA) as a data processor', 'customers will ask for a DPA, sub-processor list and data residency'], ['Security certifications (SOC 2, ISO 27001)', 'mid-size buyers require them before signing'], ['AI transparency rules (EU AI Act)', 'AI features must be disclosed and high-risk uses documented']],
    trends: ['buyers replace point tools with AI-assisted workflows', 'budgets are scrutinised: tools must show time saved', 'product-led growth: teams try before procurement gets involved'],
    incumbents: ['HubSpot', 'Notion', 'Zapier', 'Monday.com'], substitutes: ['spreadsheets and email', 'a feature in a suite already paid for', 'an extra assistant'],
    suppliers: ['cloud providers', 'LLM API providers', 'integration platforms'], channels: ['product-led free trials', 'content and SEO on the job to be done', 'integration marketplaces'],
    tech: ['multi-tenant web app', 'integrations with the tools they use', 'role-based access and audit logs'], pains: ['hours lost on repetitive admin', 'data scattered across tools', 'tools that nobody adopts'],
  },
  {
    id: 'pets', label: 'pet care', b2b: false,
    words: ['pet', 'dog', 'cat', 'vet', 'veterinary', 'animal', 'puppy', 'kitten', 'grooming'],
    buyers: 'pet owners and veterinary practices', price: [12, 45], grossMargin: 0.6, cac: [25, 75], buyersPerMillion: 180000,
    regulations: [['Veterinary practice acts', 'medical advice for animals must come from licensed vets'], ['Animal welfare and boarding licences', 'walking, boarding and breeding services need local licences'], ['Pet food and product labelling', 'nutritional claims and ingredients are regulated']],
    trends: ['pets are treated as family: spending rises even in downturns', 'vet shortages push owners to tele-advice', 'subscription food and insurance grow fast'],
    incumbents: ['Rover', 'Chewy', 'Petplan', 'BarkBox'], substitutes: ['friends and neighbours', 'the local vet', 'pet shops'],
    suppliers: ['vets and walkers', 'pet food manufacturers', 'insurers'], channels: ['dog parks and local communities', 'vet partnerships', 'Instagram pet accounts'],
    tech: ['booking and tracking', 'pet health records', 'payments and subscriptions'], bizPains: ['no-shows and last-minute cancellations', 'clients who forget check-ups and vaccinations', 'phone lines busy all day'],
    pains: ['vet bills that arrive as a shock', 'finding trusted care when away', 'knowing when symptoms are serious'],
  },
  {
    id: 'energy', label: 'energy and sustainability', b2b: false,
    words: ['solar', 'energy', 'climate', 'recycling', 'carbon', 'sustainable', 'sustainability', 'ev', 'electric', 'waste', 'green', 'battery', 'heat pump'],
    buyers: 'households and firms cutting energy cost and emissions', price: [20, 150], grossMargin: 0.55, cac: [120, 400], buyersPerMillion: 30000,
    regulations: [['Grid connection and installer certification', 'installations need certified installers and grid approval'], ['Green-claims rules (EU Green Claims, FTC Green Guides)', 'environmental claims must be specific and evidenced'], ['Subsidy and incentive programmes (IRA, national grants)', 'eligibility rules shape what customers buy and when']],
    trends: ['electricity prices make self-generation and efficiency pay back faster', 'companies must report emissions to customers and regulators', 'subsidies pull demand forward but change often'],
    incumbents: ['Tesla Energy', 'Octopus Energy', 'Sunrun', 'Watershed'], substitutes: ['staying with the utility', 'one-off installers', 'consultants for carbon reporting'],
    suppliers: ['panel and battery manufacturers', 'certified installers', 'grid operators'], channels: ['installer partnerships', 'utility and bank partnerships', 'local community groups'],
    tech: ['energy data integrations', 'savings calculator', 'installer scheduling'], bizPains: ['long sales cycles', 'grant and permit paperwork', 'installer scheduling'],
    pains: ['energy bills that keep rising', 'confusing grants and paperwork', 'not knowing what will actually pay back'],
  },
  {
    id: 'media', label: 'media and the creator economy', b2b: false,
    words: ['creator', 'content', 'video', 'podcast', 'newsletter', 'music', 'game', 'gaming', 'social', 'influencer', 'youtube', 'streaming', 'artist', 'photography'],
    buyers: 'creators and the audiences that pay them', price: [9, 30], grossMargin: 0.75, cac: [15, 50], buyersPerMillion: 50000,
    regulations: [['Copyright and licensing', 'music, footage and AI training data need rights'], ['Advertising disclosure rules (FTC, ASA)', 'sponsored content must be labelled'], ['Platform and app-store policies', 'platform rules can change distribution overnight']],
    trends: ['creators diversify away from ad revenue to memberships', 'short video dominates discovery', 'AI tools cut production time'],
    incumbents: ['YouTube', 'Patreon', 'Substack', 'Canva'], substitutes: ['doing it by hand', 'free platform tools', 'hiring a freelancer'],
    suppliers: ['platforms that own distribution', 'payment providers', 'music and stock libraries'], channels: ['creator communities', 'affiliate programmes', 'word of mouth between creators'],
    tech: ['media processing', 'payments and memberships', 'analytics across platforms'], bizPains: ['income that swings month to month', 'hours spent on editing and publishing', 'dependence on one platform'],
    pains: ['income that swings month to month', 'hours spent editing', 'depending on one platform'],
  },
  {
    id: 'hr', label: 'work and hiring', b2b: true,
    words: ['hiring', 'recruit', 'recruiting', 'job', 'jobs', 'employee', 'hr', 'payroll', 'talent', 'onboarding', 'resume', 'candidate', 'remote work'],
    buyers: 'employers and the people they hire', price: [49, 300], grossMargin: 0.8, cac: [400, 1500], buyersPerMillion: 3000,
    regulations: [['Employment and anti-discrimination law', 'screening must not discriminate; automated decisions need human review'], ['AI in hiring rules (NYC LL 144, EU AI Act high-risk)', 'AI used to screen candidates needs audits and notices'], ['Payroll and tax compliance', 'payroll must follow local tax rules']],
    trends: ['remote and hybrid hiring widens talent pools', 'AI screening meets new audit rules', 'employers focus on retention over volume hiring'],
    incumbents: ['LinkedIn', 'Greenhouse', 'Workday', 'Deel'], substitutes: ['recruitment agencies', 'job boards and spreadsheets', 'referrals'],
    suppliers: ['job boards', 'background-check providers', 'HRIS platforms'], channels: ['HR communities', 'integrations with HR systems', 'content for hiring managers'],
    tech: ['candidate pipeline', 'HRIS integrations', 'audit trails for AI decisions'], pains: ['slow hiring losing good candidates', 'bad hires that cost months', 'admin across many tools'],
  },
];

const GENERIC_B2C: Sector = {
  id: 'consumer', label: 'consumer services', b2b: false, words: [],
  buyers: 'consumers who feel this problem', price: [8, 30], grossMargin: 0.7, cac: [30, 90], buyersPerMillion: 40000,
  regulations: [['Consumer protection law', 'pricing, subscriptions and refunds must be clear and fair'], ['Data protection (GDPR, CCPA)', 'personal data needs consent, minimisation and deletion on request'], ['Accessibility (WCAG 2.1 AA)', 'digital services are increasingly required to be accessible']],
  trends: ['people expect to solve problems on their phone in minutes', 'subscription fatigue: buyers cancel what they do not use', 'trust and reviews decide which new brands get tried'],
  incumbents: ['established apps in adjacent categories', 'large platforms adding the feature', 'local service providers'], substitutes: ['doing it manually', 'asking friends and family', 'ignoring the problem'],
  suppliers: ['app stores and platforms', 'payment providers', 'cloud and AI providers'], channels: ['social media content', 'referrals', 'search for the problem'],
  tech: ['mobile-first app', 'payments', 'notifications'], pains: ['it takes too long today', 'it costs more than it should', 'nobody makes it simple'],
};
const GENERIC_B2B: Sector = {
  ...GENERIC_B2C, id: 'business', label: 'business services', b2b: true,
  buyers: 'businesses that feel this problem', price: [49, 249], grossMargin: 0.78, cac: [400, 1400], buyersPerMillion: 4000,
  pains: ['manual work that does not scale', 'customers lost to bigger competitors', 'tools not built for their size'],
  channels: ['direct outreach to the budget owner', 'partnerships with advisers', 'content that ranks for the problem'],
  tech: ['web app with team accounts', 'integrations', 'reporting'],
};

const GEOS: Array<[RegExp, string, number]> = [
  [/\b(us|usa|u\.s\.|united states|america|american)\b/i, 'the United States', 335],
  [/\b(uk|u\.k\.|united kingdom|britain|british|england|london|manchester)\b/i, 'the United Kingdom', 68],
  [/\b(germany|german|berlin|munich|hamburg)\b/i, 'Germany', 84],
  [/\b(france|french|paris|lyon)\b/i, 'France', 68],
  [/\b(spain|spanish|madrid|barcelona)\b/i, 'Spain', 48],
  [/\b(portugal|lisbon|porto)\b/i, 'Portugal', 10],
  [/\b(italy|italian|rome|milan)\b/i, 'Italy', 59],
  [/\b(netherlands|dutch|amsterdam)\b/i, 'the Netherlands', 18],
  [/\b(canada|canadian|toronto|vancouver|montreal)\b/i, 'Canada', 40],
  [/\b(australia|australian|sydney|melbourne)\b/i, 'Australia', 27],
  [/\b(india|indian|bangalore|bengaluru|mumbai|delhi)\b/i, 'India', 1430],
  [/\b(nigeria|nigerian|lagos)\b/i, 'Nigeria', 225],
  [/\b(kenya|nairobi)\b/i, 'Kenya', 55],
  [/\b(brazil|brazilian|são paulo|sao paulo)\b/i, 'Brazil', 216],
  [/\b(mexico|mexican)\b/i, 'Mexico', 128],
  [/\b(japan|japanese|tokyo)\b/i, 'Japan', 124],
  [/\b(singapore)\b/i, 'Singapore', 6],
  [/\b(europe|european|eu)\b/i, 'Europe', 450],
  [/\b(new york|nyc|california|san francisco|texas|austin|chicago|boston|seattle)\b/i, 'the United States', 335],
];

const STOP = new Set(
  'a an the and or but for to of in on at by with from into onto that this these those it its is are be been being was were will would can could should may might must do does did have has had not no yes you your we our they their them he she his her i me my who whom which what when where why how than then so such as if about over under more most less few very just also only both each other any all some own same too up down out off again further once here there while during before after above below between through because until against per via app apps platform tool tools service services based using use help helps helping make makes new want like get people something someone thing things way ways lot lots etc e.g ie i.e lets let allows allow enables enable two three one four five taps tap simple easy easily quick quickly better best online digital solution system mobile web website smart first'.split(
    ' ',
  ),
);

/** FNV-1a 32-bit hash. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic random sequence from a seed (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plain ASCII (the PDF fonts have no curly quotes or dashes), single spaces. */
export function ascii(s: string): string {
  return s
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text cut at a word boundary to at most n characters. */
export function short(s: string, n = 80): string {
  const t = ascii(s).replace(/[.!?;:,]+$/, '');
  if (t.length <= n) return t;
  const cut = t.slice(0, n);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > n / 2 ? cut.slice(0, sp) : cut).replace(/[,;:]$/, '')}...`;
}

/** "$1.2M", "$340K", "$45". */
export function money(n: number): string {
  const a = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (a >= 1e9) return `${sign}$${(a / 1e9).toFixed(a >= 1e10 ? 0 : 1)}B`;
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(a >= 1e7 ? 0 : 1)}M`;
  if (a >= 1e4) return `${sign}$${Math.round(a / 1e3)}K`;
  return `${sign}$${Math.round(a).toLocaleString('en-US')}`;
}

/** "12,400". */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function pct(x: number, digits = 0): string {
  return `${(x * 100).toFixed(digits)}%`;
}

/** What the analyst read from the buyer's inputs. */
export interface Profile {
  /** The thing being assessed (idea, product, topic, market). */
  subject: string;
  /** Who it is for / where it is sold, in the buyer's words. */
  audience: string;
  /** The buyer's company, when given. */
  company: string | null;
  keywords: string[];
  sector: Sector;
  b2b: boolean;
  geo: string;
  /** Population of the geography in millions. */
  geoMillions: number;
  /** Numbers the buyer wrote (prices, counts), in order. */
  numbers: number[];
  seed: number;
  /** " in <geo>" unless the audience already names the place. */
  where: string;
  /** The pains and substitutes of the actual buyer (business pains when a business buys). */
  pains: string[];
  substitutes: string[];
  /** The job the idea does, in the buyer's words. */
  job: string;
  /** "organisations" or "people". */
  unit: string;
}

/** Content words of a text, most frequent first, ties by first appearance. */
export function keywords(text: string, max = 8): string[] {
  const words = ascii(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w) && !/^\d+$/.test(w));
  const seen = new Map<string, { n: number; first: number }>();
  words.forEach((w, i) => {
    const e = seen.get(w);
    if (e) e.n += 1;
    else seen.set(w, { n: 1, first: i });
  });
  return [...seen.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .slice(0, max)
    .map(([w]) => w);
}

/** "dog owners" from "An app for dog owners to book walkers"; null when no "for ..." phrase. */
export function audienceFrom(text: string): string | null {
  const m = ascii(text).match(/\bfor ([a-z0-9][^,.;:!?()]{2,60}?)(?= (?:to|that|who|which|so|by|with|in order)\b|[,.;:!?()]|$)/i);
  if (!m) return null;
  const a = m[1].trim().replace(/^(the|a|an) /i, '');
  return a.split(' ').length <= 8 ? a : null;
}

function detectSector(text: string): Sector {
  const t = ` ${ascii(text).toLowerCase()} `;
  let best: Sector | null = null;
  let bestScore = 0;
  for (const s of SECTORS) {
    const raw = s.words.reduce((n, w) => n + (new RegExp(`[^a-z]${w.replace(/[-]/g, '\\-')}`, 'i').test(t) ? (w.length > 5 ? 2 : 1.5) : 0), 0);
    // Generic business words ("software", "team", "manager") say less about the sector than specific ones.
    const score = s.id === 'software' ? raw * 0.6 : raw;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  if (best) return best;
  return /\b(business|businesses|compan|firm|firms|enterprise|team|teams|clinic|practice|agenc|retailer|manufactur|b2b)/i.test(t) ? GENERIC_B2B : GENERIC_B2C;
}

/** Plural nouns that name organisations: an audience made of them buys as a business. */
const ORG_WORDS = /\b(business|businesses|compan(?:y|ies)|firms|teams|clinics|practices|agencies|restaurants|cafes|bakeries|studios|gyms|salons|hotels|schools|universities|shops|stores|retailers|brands|sellers|landlords|managers|owners|operators|startups|smes|manufacturers|dealers|venues|farms|hospitals|pharmacies|charities|nonprofits|councils|fleets|warehouses|employers|recruiters|b2b)\b/i;

const BIZ_SUBSTITUTES = ['spreadsheets, phone calls and paper', 'a module of the software they already pay for', 'an extra member of staff'];

/**
 * What the idea does, as a clause that follows "a product that": "An app that lets members
 * book classes" -> "lets members book classes"; "A tool to track expenses" -> "helps track expenses".
 */
export function jobOf(subject: string): string {
  const t = ascii(subject).replace(/[.!?]+$/, '');
  const m = t.match(/^(?:an?\s+|the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,4}?(that|which|who|to|helping)\s+(.+)$/i);
  if (m) {
    const rest = m[2];
    const job = /^to$/i.test(m[1]) ? `helps ${rest}` : /^helping$/i.test(m[1]) ? `helps ${rest}` : rest;
    return short(job, 90);
  }
  return `delivers "${short(t, 60)}"`;
}

/** Reads the buyer's inputs. `subject` and `audience` are the product's main fields (already chosen). */
export function profile(parts: { subject: string; audience?: string | null; company?: string | null; extra?: string }): Profile {
  const subject = ascii(parts.subject);
  const given = ascii(parts.audience || audienceFrom(subject) || '');
  // "Dental clinics in Germany" reads as "dental clinics in Germany" mid-sentence (acronyms kept).
  const audience = /^[A-Z][a-z]/.test(given) ? given[0].toLowerCase() + given.slice(1) : given;
  const all = [subject, audience, parts.company ?? '', parts.extra ?? ''].join(' ');
  const sector = detectSector(all);
  const geo = GEOS.find(([re]) => re.test(all));
  const b2b = sector.b2b || ORG_WORDS.test(audience);
  const numbers = (all.match(/\d[\d,.]*/g) ?? []).map((n) => Number(n.replace(/,/g, ''))).filter((n) => Number.isFinite(n) && n > 0);
  return {
    subject,
    audience: audience || sector.buyers,
    company: parts.company ? ascii(parts.company) : null,
    keywords: keywords(`${subject} ${audience}`),
    sector,
    b2b,
    geo: geo ? geo[1] : 'your first market',
    geoMillions: geo ? geo[2] : 60,
    numbers,
    seed: hash(all.toLowerCase()),
    where: geo && geo[0].test(audience) ? '' : ` in ${geo ? geo[1] : 'your first market'}`,
    pains: b2b && !sector.b2b ? sector.bizPains ?? GENERIC_B2B.pains : sector.pains,
    substitutes: b2b && !sector.b2b ? BIZ_SUBSTITUTES : sector.substitutes,
    job: jobOf(subject),
    unit: b2b ? 'organisations' : 'people',
  };
}

/** One consistent set of figures for a profile (every agent of a report uses the same ones). */
export interface Figures {
  /** Monthly price per customer in USD. */
  price: number;
  buyers: number;
  tam: number;
  samShare: number;
  sam: number;
  somShare: number;
  som: number;
  cac: number;
  grossMargin: number;
  /** Months a paying customer stays on average. */
  lifetimeMonths: number;
  ltv: number;
  buildMonths: number;
  teamSize: number;
  buildCost: number;
  /** Paying customers at the end of years 1-3. */
  customers: [number, number, number];
  revenue: [number, number, number];
  costs: [number, number, number];
  /** First month whose revenue covers its costs; 0 = not within five years. */
  breakEvenMonth: number;
  /** Overall 0-100 viability score. */
  score: number;
}

export function figures(p: Profile): Figures {
  const r = rng(p.seed);
  const bizOfConsumer = p.b2b && !p.sector.b2b;
  const [lo, hi] = bizOfConsumer ? [p.sector.price[0] * 5, p.sector.price[1] * 8] : p.sector.price;
  const mentioned = p.numbers.find((n) => n >= 3 && n <= 5000 && n !== 2024 && n !== 2025 && n !== 2026);
  const price = Math.round(mentioned && mentioned >= lo / 3 && mentioned <= hi * 5 ? mentioned : lo + (hi - lo) * (0.25 + 0.5 * r()));
  const buyers = Math.round(p.geoMillions * (bizOfConsumer ? 400 : p.sector.buyersPerMillion) * (0.6 + 0.8 * r()));
  const tam = buyers * price * 12;
  const samShare = 0.18 + 0.22 * r();
  const sam = tam * samShare;
  const somShare = p.b2b ? 0.05 + 0.08 * r() : 0.01 + 0.03 * r();
  const som = sam * somShare;
  const cac = Math.round((p.sector.cac[0] + (p.sector.cac[1] - p.sector.cac[0]) * r()) * (bizOfConsumer ? 5 : 1));
  const grossMargin = Math.min(0.9, Math.max(0.3, p.sector.grossMargin + (r() - 0.5) * 0.08));
  const lifetimeMonths = Math.round((p.b2b ? 26 : 11) + r() * (p.b2b ? 16 : 9));
  const ltv = Math.round(price * grossMargin * lifetimeMonths);
  const buildMonths = 3 + Math.floor(r() * 5);
  const teamSize = 2 + Math.floor(r() * 4);
  const salary = p.b2b ? 95_000 : 85_000;
  const buildCost = Math.round((teamSize * buildMonths * salary) / 12);
  const c3 = Math.max(40, Math.round(som / (price * 12)));
  const customers: [number, number, number] = [Math.round(c3 * (0.15 + 0.06 * r())), Math.round(c3 * (0.45 + 0.1 * r())), c3];
  // Month by month for five years: customers grow between the year-end points (+25% a year after year 3).
  const at = (m: number): number => {
    if (m <= 0) return 0;
    const pts = [0, ...customers, c3 * 1.25, c3 * 1.5625];
    const y = Math.min(4, Math.floor((m - 1) / 12));
    const frac = (m - y * 12) / 12;
    return pts[y] + (pts[y + 1] - pts[y]) * frac;
  };
  const revenueY = [0, 0, 0, 0, 0];
  const costsY = [0, 0, 0, 0, 0];
  let breakEvenMonth = 0;
  for (let m = 1; m <= 60; m += 1) {
    const y = Math.floor((m - 1) / 12);
    const cust = at(m);
    const rev = cust * price;
    const cost = (teamSize * salary * (1 + 0.25 * Math.min(y, 2))) / 12 + rev * (1 - grossMargin) + Math.max(0, cust - at(m - 1)) * cac;
    revenueY[y] += rev;
    costsY[y] += cost;
    if (!breakEvenMonth && m > 3 && rev >= cost) breakEvenMonth = m;
  }
  const revenue = revenueY.slice(0, 3).map(Math.round) as [number, number, number];
  const costs = costsY.slice(0, 3).map(Math.round) as [number, number, number];
  const ratio = ltv / Math.max(1, cac);
  const score = Math.round(Math.max(28, Math.min(88, 40 + Math.min(ratio, 6) * 5 + (breakEvenMonth && breakEvenMonth <= 36 ? 12 : breakEvenMonth ? 2 : -8) + (r() - 0.5) * 10)));
  return { price, buyers, tam, samShare, sam, somShare, som, cac, grossMargin, lifetimeMonths, ltv, buildMonths, teamSize, buildCost, customers, revenue, costs, breakEvenMonth, score };
}

/** "break-even around month 26" or "no break-even within five years". */
export function breakEvenText(f: Figures): string {
  return f.breakEvenMonth ? `break-even around month ${f.breakEvenMonth}` : 'no break-even within five years at this price';
}

/** Picks one of several phrasings, stable for a seed and a salt. */
export function pick<T>(seed: number, salt: string, options: ReadonlyArray<T>): T {
  return options[hash(`${seed}:${salt}`) % options.length];
}

/** The first sentence of the first paragraph of an agent's output (markdown stripped), for quoting. */
export function keyLine(markdown: string, max = 220): string {
  const paras = markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !/^#{1,6}\s/.test(p) && !/^\|/.test(p));
  const first = paras[0] ?? markdown;
  const plain = ascii(
    first
      .replace(/^[-*]\s+/gm, '')
      .replace(/\*\*|__|`/g, '')
      .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1'),
  );
  const sentence = plain.match(/^(.+?[.!?])(\s|$)/)?.[1] ?? plain;
  return short(sentence, max);
}

/** Bullet lines (markdown stripped) of an agent's output, for reuse downstream. */
export function bullets(markdown: string, max = 5): string[] {
  return markdown
    .split('\n')
    .filter((l) => /^\s*(?:[-*]|\d+\.)\s+\S/.test(l))
    .map((l) => ascii(l.replace(/^\s*(?:[-*]|\d+\.)\s+/, '').replace(/\*\*|__|`/g, '')))
    .slice(0, max);
}

/** "a, b and c". */
export function list(items: ReadonlyArray<string>): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
