/**
 * The offline analyst's domain lexicon: for each market, the words that reveal it and what a
 * mentor knows about it (dynamics, today's alternatives, channels, first niches, revenue ideas,
 * risks and the metric that matters). Plain data; `validation.ts` reads it.
 */

export type Segment = 'b2b' | 'b2c' | 'prosumer';

export interface DomainProfile {
  id: string;
  /** Market name used in sentences, e.g. "pet care". */
  label: string;
  /** Word stems (lower-case); a token matches when it starts with the stem. Multi-word stems match the text. */
  keywords: string[];
  /** How the market behaves (1–2 sentences, each ending with a full stop). */
  market: string;
  /** Why the timing may be right. */
  whyNow: string;
  /** What customers do about the problem today (a noun phrase). */
  alternatives: string;
  /** Where to find the customers, per kind of buyer. */
  channels: Record<'consumer' | 'business', string[]>;
  /** Narrow first niches worth testing, per kind of buyer. */
  beachheads: Record<'consumer' | 'business', string[]>;
  /** Domain-specific revenue options (each a sentence with a price range). */
  revenue: string[];
  /** Domain-specific risks: [name, explanation and mitigation]. */
  risks: Array<[string, string]>;
  /** The metric that proves value in this market. */
  metric: string;
  /** Competition pressure: -1 (crowded) … +1 (underserved). */
  crowding: number;
  /** Set when the market is regulated (what to check). */
  regulation?: string;
}

export const DOMAINS: DomainProfile[] = [
  {
    id: 'food',
    label: 'food and meal planning',
    keywords: ['meal', 'recipe', 'food', 'grocer', 'cook', 'diet', 'nutrition', 'chef', 'kitchen', 'snack', 'coffee', 'bakery', 'vegan', 'lunch', 'dinner', 'breakfast', 'restaurant', 'catering', 'menu'],
    market:
      'Food is a huge, frequent-purchase market with thin margins and low switching costs. People buy several times a week, so habit and convenience beat features.',
    whyNow: 'Delivery habits formed in recent years and rising grocery prices make people rethink how they plan, buy and cook.',
    alternatives: 'grocery apps, meal-kit boxes, recipe sites, takeaway and plain habit',
    channels: {
      consumer: ['local parenting and food groups on Facebook', 'Instagram and TikTok food creators', 'farmers markets and gyms', 'Reddit communities such as r/MealPrepSunday'],
      business: ['local restaurant owner associations', 'food-service trade shows', 'suppliers and wholesalers who already visit kitchens', 'LinkedIn groups for hospitality managers'],
    },
    beachheads: {
      consumer: ['dual-income households with young children', 'people on a medically prescribed diet', 'students cooking for the first time'],
      business: ['independent restaurants with 10 to 40 seats', 'office caterers serving 50 to 200 people', 'ghost kitchens running several brands'],
    },
    revenue: [
      'Per-order margin or a delivery fee of $3 to $8 on each order.',
      'Brand partnerships with food producers who pay $500 to $2,000 per featured placement once you have an engaged audience.',
    ],
    risks: [
      ['Thin margins', 'food costs, spoilage and delivery eat most of the revenue; model gross margin per order before you scale'],
      ['Food safety rules', 'handling or preparing food triggers hygiene, labelling and allergen rules; start with a partner kitchen that is already licensed'],
    ],
    metric: 'repeat orders: at least 40% of first-time customers ordering again within 30 days',
    crowding: -0.6,
  },
  {
    id: 'healthcare',
    label: 'healthcare',
    keywords: ['health', 'medical', 'doctor', 'patient', 'clinic', 'clinician', 'hospital', 'nurse', 'pharma', 'symptom', 'diagnos', 'therap', 'physio', 'dental', 'dentist', 'caregiver', 'chronic', 'diabet', 'medication', 'telehealth', 'mental'],
    market:
      'Healthcare spends heavily but buys slowly: the user (patient or clinician), the buyer (clinic, insurer, employer) and the regulator are often three different parties.',
    whyNow: 'Telehealth is normal now, clinicians are short-staffed, and patients expect digital access to their own care.',
    alternatives: 'phone calls, paper forms, generic practice-management software and manual follow-up by staff',
    channels: {
      consumer: ['patient communities and condition-specific forums', 'support groups and patient associations', 'referrals from clinicians', 'health creators on YouTube'],
      business: ['practice managers on LinkedIn', 'regional medical associations', 'health-tech conferences and meetups', 'billing and practice-software partners'],
    },
    beachheads: {
      consumer: ['people managing one specific chronic condition', 'caregivers of a parent with dementia', 'new parents in the first year'],
      business: ['independent clinics with 2 to 10 practitioners', 'physiotherapy practices', 'dental offices with a front-desk bottleneck'],
    },
    revenue: [
      'Per-practitioner licences of $50 to $300 per month for clinics.',
      'Employer or insurer contracts priced per covered member, typically $2 to $8 per member per month, once you have outcome data.',
    ],
    risks: [
      ['Regulation and privacy', 'health data falls under rules such as HIPAA or GDPR special categories; design consent, storage and medical-claim wording with an expert before launch'],
      ['Slow procurement', 'clinics and hospitals need trust, integrations and references; budget 3 to 9 months per institutional sale'],
    ],
    metric: 'weekly active use by clinicians or patients after the first month, and one measurable outcome (time saved, no-shows avoided)',
    crowding: 0.1,
    regulation: 'health-data privacy (HIPAA, GDPR) and rules on medical claims',
  },
  {
    id: 'fitness',
    label: 'fitness and wellness',
    keywords: ['fitness', 'workout', 'gym', 'exercise', 'yoga', 'pilates', 'running', 'runner', 'marathon', 'wellness', 'sleep', 'meditat', 'mindful', 'weight', 'strength', 'athlete', 'coach', 'stretch', 'habit'],
    market:
      'Fitness and wellness attract many buyers in January and lose most of them by March. Retention, not acquisition, decides who survives.',
    whyNow: 'Wearables made personal data cheap, and people now pay for coaching that used to be in-person only.',
    alternatives: 'free YouTube workouts, fitness apps, gym memberships and personal trainers',
    channels: {
      consumer: ['running clubs and local gyms', 'fitness creators on Instagram and YouTube', 'Strava clubs and Reddit fitness communities', 'corporate wellness programmes'],
      business: ['gym and studio owner groups', 'fitness trade shows', 'HR teams buying wellness benefits', 'equipment suppliers'],
    },
    beachheads: {
      consumer: ['first-time marathon runners training for a race in the next six months', 'new mothers returning to exercise', 'office workers over 40 with back pain'],
      business: ['boutique studios with 100 to 500 members', 'personal trainers running online clients', 'companies of 50 to 500 staff with a wellness budget'],
    },
    revenue: [
      'Coaching tiers: an app at $8 to $15 per month and a human-coached plan at $49 to $149 per month.',
      'Corporate wellness licences at $3 to $10 per employee per month.',
    ],
    risks: [
      ['Churn after the first month', 'motivation fades fast; build streaks, accountability or a coach touchpoint into week 2 to 4'],
      ['Crowded app stores', 'hundreds of apps compete for the same searches; win one niche community before broad marketing'],
    ],
    metric: 'month-2 retention of at least 35% of paying users',
    crowding: -0.7,
  },
  {
    id: 'education',
    label: 'education and learning',
    keywords: ['student', 'teacher', 'school', 'learn', 'course', 'tutor', 'exam', 'classroom', 'homework', 'universit', 'college', 'education', 'study', 'lesson', 'curriculum', 'language', 'skill', 'bootcamp'],
    market:
      'Education has clear outcomes (grades, certificates, jobs) but the payer is often not the learner: parents, schools or employers decide.',
    whyNow: 'AI tutoring changed expectations of personal learning, and schools and parents are looking for tools they can trust.',
    alternatives: 'private tutors, YouTube, textbooks, school-provided platforms and study groups',
    channels: {
      consumer: ['parent groups at schools', 'student communities on Discord and Reddit', 'education creators on TikTok and YouTube', 'libraries and study centres'],
      business: ['teacher communities and conferences', 'heads of department on LinkedIn', 'district or school-network buyers', 'edtech marketplaces'],
    },
    beachheads: {
      consumer: ['high-school students preparing for one specific exam', 'parents of children with dyslexia', 'adults learning a language for a move abroad'],
      business: ['private schools with 200 to 1,000 pupils', 'tutoring centres with several tutors', 'bootcamps placing graduates into jobs'],
    },
    revenue: [
      'Family plans of $10 to $25 per month, sold to parents around exam season.',
      'School site licences of $3 to $12 per student per year, with a free teacher tier to get in the door.',
    ],
    risks: [
      ['Seasonality', 'demand peaks before exams and at the start of the school year; plan cash and marketing around the calendar'],
      ['Payer is not the user', 'students use it but parents or schools pay; your pitch must show the payer an outcome they care about'],
    ],
    metric: 'a measurable learning outcome (score gain, lessons completed per week) plus 8-week retention',
    crowding: -0.2,
    regulation: "children's privacy rules (COPPA, GDPR-K) if users are under 16",
  },
  {
    id: 'pets',
    label: 'pet care',
    keywords: ['pet', 'dog', 'cat', 'puppy', 'kitten', 'vet', 'veterinar', 'animal', 'grooming', 'walker', 'kennel', 'leash'],
    market:
      'Pet owners spend reliably and emotionally: pets are family, and spending on them held up even in downturns. Trust and convenience drive the choice of provider.',
    whyNow: 'Pet ownership rose sharply in recent years, and many new owners are first-timers looking for guidance.',
    alternatives: 'local vets, friends and family, big-box pet stores, Rover-style marketplaces and online forums',
    channels: {
      consumer: ['dog parks and local pet Facebook groups', 'vets, groomers and pet stores', 'pet influencers on Instagram', 'breed-specific communities'],
      business: ['independent vet clinics', 'groomer and pet-sitter associations', 'pet-store owner networks', 'pet-industry trade shows'],
    },
    beachheads: {
      consumer: ['first-time dog owners in city apartments', 'owners of senior pets with a chronic condition', 'people who travel often for work and own a dog'],
      business: ['independent groomers with one or two vans', 'small vet clinics without online booking', 'dog-walking businesses with 3 to 10 walkers'],
    },
    revenue: [
      'A monthly plan of $15 to $40 per pet (supplies, care or insurance-like coverage).',
      'Referral fees of 5% to 15% from vets, groomers or pet brands you send customers to.',
    ],
    risks: [
      ['Trust with a living animal', 'one bad incident can end the business; vet providers, add insurance and publish reviews'],
      ['Local density', 'services need many customers in a small area; start in one neighbourhood before expanding'],
    ],
    metric: 'repeat bookings or renewals: at least 50% of customers back within 60 days',
    crowding: 0.0,
  },
  {
    id: 'finance',
    label: 'personal and business finance',
    keywords: ['financ', 'budget', 'money', 'invest', 'saving', 'bank', 'loan', 'tax', 'accounting', 'accountant', 'invoice', 'payment', 'credit', 'debt', 'expense', 'payroll', 'bookkeep', 'cash', 'crypto', 'insurance', 'pension', 'retire'],
    market:
      'Finance pays well because money problems are measurable, but trust is the product: people and companies switch only for a clear saving or a clear risk avoided.',
    whyNow: 'Open-banking APIs make account data easy to connect, and higher interest rates make every idle dollar and late invoice visible.',
    alternatives: 'spreadsheets, bank apps, accountants and established tools such as QuickBooks or Mint-style budgeting apps',
    channels: {
      consumer: ['personal-finance communities (r/personalfinance, FIRE forums)', 'finance creators on YouTube and TikTok', 'employers offering financial-wellness benefits', 'newsletters about money'],
      business: ['accountants and bookkeepers who advise many small businesses', 'small-business associations and chambers of commerce', 'LinkedIn groups for finance managers', 'integrations marketplaces of accounting software'],
    },
    beachheads: {
      consumer: ['freelancers who pay quarterly estimated taxes', 'couples merging finances in their first year together', 'recent graduates repaying student loans'],
      business: ['agencies with 5 to 50 staff chasing late invoices', 'e-commerce sellers reconciling several payment providers', 'bookkeepers serving 20 or more small clients'],
    },
    revenue: [
      'Subscription tiers of $5 to $15 per month for consumers, or $30 to $150 per month for small businesses.',
      'Referral or interchange revenue from financial partners, disclosed clearly to users.',
    ],
    risks: [
      ['Licensing and compliance', 'moving money, lending or giving investment advice is licensed; partner with a regulated provider and avoid advice wording until checked'],
      ['Security expectations', 'one breach destroys trust; use read-only connections and established providers for bank access'],
    ],
    metric: 'money saved or recovered per customer per month, and how many connect a real account in week 1',
    crowding: -0.3,
    regulation: 'financial licensing, KYC and data-security rules',
  },
  {
    id: 'realestate',
    label: 'real estate and housing',
    keywords: ['rent', 'rental', 'landlord', 'tenant', 'property', 'properties', 'real estate', 'apartment', 'housing', 'mortgage', 'realtor', 'lease', 'homebuyer', 'roommate', 'airbnb', 'flat'],
    market:
      'Real estate is high-value and infrequent for tenants and buyers, but continuous for landlords and property managers, who feel operational pain every month.',
    whyNow: 'High rents and interest rates squeeze both tenants and landlords, and property managers are looking for software that cuts admin.',
    alternatives: 'listing portals, property-management software, WhatsApp groups, agents and spreadsheets',
    channels: {
      consumer: ['renters groups on Facebook and Reddit', 'university housing offices', 'relocation services of employers', 'local city subreddits'],
      business: ['landlord associations and meetups', 'property-management conferences', 'BiggerPockets-style investor forums', 'letting agents'],
    },
    beachheads: {
      consumer: ['students looking for shared housing near one campus', 'people relocating to a new city for a job', 'first-time buyers saving for a deposit'],
      business: ['small landlords with 3 to 20 units', 'property managers handling 100 to 500 doors', 'short-let hosts with several listings'],
    },
    revenue: [
      'Per-unit pricing for landlords and managers, typically $1 to $5 per unit per month.',
      'Transaction fees on rent collection, deposits or move-in services of 1% to 3%.',
    ],
    risks: [
      ['Local rules', 'tenancy law, deposits and short-let rules differ per city; launch in one jurisdiction you know'],
      ['Infrequent use on the tenant side', 'renters move every few years; monetise the side that feels the pain monthly'],
    ],
    metric: 'units or listings managed per paying account, and admin hours saved per month',
    crowding: 0.0,
  },
  {
    id: 'travel',
    label: 'travel and hospitality',
    keywords: ['travel', 'trip', 'hotel', 'flight', 'tourist', 'touris', 'vacation', 'holiday', 'itinerar', 'backpack', 'hostel', 'destination', 'airline', 'nomad'],
    market:
      'Travel is large but dominated by a few booking giants; margins sit in the booking, and planning tools struggle to monetise because trips are infrequent.',
    whyNow: 'Remote work created long-stay travellers, and AI makes personal itineraries cheap to produce.',
    alternatives: 'Google, Booking and Airbnb, travel blogs, TikTok videos and travel agents',
    channels: {
      consumer: ['travel communities on Reddit and Facebook', 'travel creators on TikTok and YouTube', 'digital-nomad meetups and coworking spaces', 'newsletters about travel deals'],
      business: ['boutique hotel owner groups', 'tour operator associations', 'hospitality trade shows', 'destination marketing offices'],
    },
    beachheads: {
      consumer: ['remote workers spending one to three months per city', 'families planning a first trip abroad with toddlers', 'wheelchair users who need accessible routes'],
      business: ['independent hotels with 10 to 60 rooms', 'small tour operators selling online', 'vacation-rental managers with 5 to 50 listings'],
    },
    revenue: [
      'Affiliate commissions of 3% to 8% on hotel and activity bookings.',
      'A premium planning tier of $5 to $15 per trip or $30 to $60 per year.',
    ],
    risks: [
      ['Infrequent purchase', 'most people travel a few times a year; plan for high acquisition cost per customer or a frequent-traveller niche'],
      ['Platform dependence', 'booking giants control inventory and search; own a niche audience they serve badly'],
    ],
    metric: 'bookings or paid plans per 100 active planners, and repeat use on the next trip',
    crowding: -0.6,
  },
  {
    id: 'ecommerce',
    label: 'e-commerce and retail',
    keywords: ['shop', 'store', 'ecommerce', 'e-commerce', 'retail', 'seller', 'merchant', 'inventory', 'shopify', 'etsy', 'amazon', 'product listing', 'checkout', 'dropship', 'marketplace seller', 'fashion'],
    market:
      'E-commerce is crowded at the consumer level, but merchants pay readily for tools that lift conversion or cut operational work, because the payback is measurable.',
    whyNow: 'Acquisition costs on ads keep rising, so merchants want better conversion and retention from the traffic they already have.',
    alternatives: 'Shopify apps, agencies, spreadsheets and the marketplaces’ own seller tools',
    channels: {
      consumer: ['deal and product-discovery communities', 'Instagram and TikTok shops', 'niche hobby forums', 'micro-influencers in the category'],
      business: ['Shopify and Etsy seller communities', 'e-commerce agencies and consultants', 'app stores of commerce platforms', 'DTC founder newsletters and podcasts'],
    },
    beachheads: {
      consumer: ['buyers in one hobby category (e.g. specialty coffee gear)', 'parents buying second-hand kids clothing', 'shoppers looking for sustainable alternatives in one category'],
      business: ['Shopify stores doing $10k to $100k per month', 'Etsy sellers with more than 200 listings', 'brands selling on three or more channels'],
    },
    revenue: [
      'App-store pricing for merchants: $19 to $99 per month, tiered by orders.',
      'A share of the revenue you demonstrably add, e.g. 1% to 3% of recovered sales.',
    ],
    risks: [
      ['Platform risk', 'a marketplace or platform change can cut your access overnight; diversify channels early'],
      ['Crowded category', 'many tools promise more sales; prove your lift with a before-and-after number from real stores'],
    ],
    metric: 'conversion lift or hours saved per merchant, proven on at least 5 stores',
    crowding: -0.4,
  },
  {
    id: 'hr',
    label: 'hiring and workforce',
    keywords: ['hire', 'hiring', 'recruit', 'candidate', 'job', 'employee', 'onboard', 'hr', 'talent', 'resume', 'cv', 'payroll', 'staff', 'workforce', 'shift', 'freelanc', 'career'],
    market:
      'Hiring and workforce tools sell to HR and managers whose pain is acute when they are hiring and quiet when they are not, so budgets swing with the economy.',
    whyNow: 'Remote and hybrid work changed how teams hire and onboard, and AI floods recruiters with applications that need filtering.',
    alternatives: 'job boards, applicant-tracking systems, recruiters, spreadsheets and LinkedIn',
    channels: {
      consumer: ['career communities on Reddit and LinkedIn', 'university career services', 'bootcamp alumni networks', 'career coaches'],
      business: ['HR leaders on LinkedIn', 'HR meetups and SHRM-style associations', 'recruiting agencies', 'payroll and HR-software partners'],
    },
    beachheads: {
      consumer: ['career changers moving into tech', 'new graduates applying to 50 or more jobs', 'nurses looking for better shifts'],
      business: ['companies of 20 to 200 staff hiring 10 or more people a year', 'restaurants and retail chains with high turnover', 'recruiting agencies with 3 to 15 recruiters'],
    },
    revenue: [
      'Per-seat pricing of $20 to $60 per recruiter or manager per month.',
      'Per-hire fees of $300 to $2,000, far below the 15% to 25% of salary agencies charge.',
    ],
    risks: [
      ['Hiring cycles', 'demand drops in hiring freezes; price so customers keep you between hiring waves'],
      ['Bias and employment law', 'automated screening is regulated in several places; keep humans in the decision and audit for bias'],
    ],
    metric: 'time-to-hire or hours saved per hire, and whether customers use it on their next opening',
    crowding: -0.2,
    regulation: 'employment law and rules on automated hiring decisions',
  },
  {
    id: 'devtools',
    label: 'software and developer tools',
    keywords: ['developer', 'code', 'coding', 'api', 'software', 'devops', 'engineer', 'bug', 'deploy', 'github', 'database', 'cloud', 'server', 'integration', 'no-code', 'nocode', 'automation', 'workflow', 'programm'],
    market:
      'Developer and workflow tools spread bottom-up: individuals adopt a free tier, then teams pay. Open-source and big-platform features set a high bar for free.',
    whyNow: 'AI coding assistants changed how software is written, and teams are re-tooling their workflows around them.',
    alternatives: 'open-source tools, scripts, built-in features of GitHub, AWS or Zapier, and doing it by hand',
    channels: {
      consumer: ['Hacker News and developer subreddits', 'Discord servers of popular frameworks', 'technical blog posts and tutorials', 'GitHub repositories and stars'],
      business: ['engineering managers on LinkedIn', 'DevOps and platform-engineering meetups', 'integration marketplaces', 'developer conferences'],
    },
    beachheads: {
      consumer: ['solo developers shipping side projects', 'developers using one specific framework', 'data scientists who deploy models themselves'],
      business: ['startups with 5 to 30 engineers', 'agencies building client apps', 'platform teams at mid-size companies'],
    },
    revenue: [
      'A free tier for individuals and team plans of $10 to $40 per user per month.',
      'Usage-based pricing (per run, per API call or per GB) for heavy users.',
    ],
    risks: [
      ['Platform absorbs the feature', 'GitHub, cloud providers or AI assistants may ship it for free; go deep on a workflow they will not prioritise'],
      ['Security reviews', 'teams will not connect code or data without trust; plan for SOC 2-style answers early'],
    ],
    metric: 'weekly active teams and the share of free teams that upgrade within 60 days',
    crowding: -0.3,
  },
  {
    id: 'marketing',
    label: 'marketing and the creator economy',
    keywords: ['marketing', 'social media', 'content', 'creator', 'influencer', 'seo', 'ads', 'advertis', 'newsletter', 'brand', 'video', 'youtube', 'tiktok', 'instagram', 'podcast', 'audience', 'followers', 'campaign', 'copywrit'],
    market:
      'Marketing tools sell on results: customers pay as long as they can tie the tool to leads, followers or revenue. The space is noisy and AI has lowered the cost of content to almost zero.',
    whyNow: 'AI content generation made volume cheap, so what is scarce now is distribution, taste and measurable results.',
    alternatives: 'Canva, Buffer-style schedulers, freelancers, agencies and ChatGPT',
    channels: {
      consumer: ['creator communities on Discord and X', 'YouTube tutorials', 'creator newsletters', 'course platforms'],
      business: ['marketing managers on LinkedIn', 'agency owner communities', 'marketing conferences and podcasts', 'tool marketplaces of HubSpot-style CRMs'],
    },
    beachheads: {
      consumer: ['creators with 1,000 to 20,000 followers trying to monetise', 'podcasters publishing weekly', 'coaches selling online programmes'],
      business: ['local service businesses without a marketer', 'agencies managing 10 or more client accounts', 'B2B startups with one marketer'],
    },
    revenue: [
      'Tiered plans from $15 to $99 per month by number of accounts or posts.',
      'Agency plans of $200 to $500 per month with client workspaces.',
    ],
    risks: [
      ['Results are hard to attribute', 'if customers cannot see leads or revenue from you, they churn; build reporting into the first version'],
      ['AI commoditises content', 'anyone can generate posts; own distribution, data or workflow instead'],
    ],
    metric: 'a result customers can attribute (leads, followers, revenue) within 30 days',
    crowding: -0.6,
  },
  {
    id: 'logistics',
    label: 'logistics and mobility',
    keywords: ['delivery', 'deliveries', 'shipping', 'logistic', 'freight', 'truck', 'fleet', 'courier', 'warehouse', 'driver', 'parking', 'car', 'ride', 'transport', 'commute', 'bike', 'scooter', 'parcel', 'route'],
    market:
      'Logistics and mobility are operations-heavy markets where small efficiency gains are worth a lot at volume; buyers are practical and want proof on their own routes.',
    whyNow: 'E-commerce growth keeps pressure on last-mile delivery, and fuel and labour costs make route efficiency urgent.',
    alternatives: 'phone and WhatsApp dispatch, spreadsheets, legacy fleet software and big carriers',
    channels: {
      consumer: ['commuter communities and city forums', 'campus and workplace transport programmes', 'local Facebook groups', 'app-store search'],
      business: ['fleet managers on LinkedIn', 'trucking and courier associations', 'logistics trade shows', 'dispatch-software partners'],
    },
    beachheads: {
      consumer: ['daily commuters on one congested corridor', 'parents doing school runs in one district', 'people without a car in a suburb'],
      business: ['courier firms with 5 to 50 drivers', 'restaurants doing their own delivery', 'wholesalers delivering to shops daily'],
    },
    revenue: [
      'Per-vehicle or per-driver pricing of $15 to $50 per month.',
      'Per-delivery fees of $0.20 to $2 for software, or $5 to $15 for the delivery itself.',
    ],
    risks: [
      ['Operational complexity', 'real-world delivery has exceptions every day; run operations by hand before automating'],
      ['Capital intensity', 'vehicles, staff and insurance cost money before revenue; prefer software or partnerships to owning assets'],
    ],
    metric: 'cost or minutes saved per delivery or trip, measured on a customer’s real routes',
    crowding: 0.1,
  },
  {
    id: 'sustainability',
    label: 'sustainability and climate',
    keywords: ['sustainab', 'climate', 'carbon', 'recycl', 'waste', 'solar', 'energy', 'green', 'eco', 'compost', 'emission', 'circular', 'upcycl', 'plastic', 'electric', 'renewable'],
    market:
      'Sustainability buyers say they care more than they pay: consumers rarely pay a premium for green alone, while companies pay when regulation, cost savings or customers demand it.',
    whyNow: 'Emissions reporting rules and rising energy prices turned sustainability from a nice-to-have into a cost and compliance issue.',
    alternatives: 'consultants, spreadsheets, municipal programmes and doing nothing',
    channels: {
      consumer: ['zero-waste and sustainability communities', 'local environmental groups', 'eco-conscious creators', 'farmers markets and co-ops'],
      business: ['sustainability managers on LinkedIn', 'industry associations facing reporting rules', 'climate-tech meetups', 'energy consultants'],
    },
    beachheads: {
      consumer: ['households in one city with a new waste-separation rule', 'homeowners considering solar panels', 'parents switching to reusable baby products'],
      business: ['mid-size manufacturers facing emissions reporting', 'restaurants with high food-waste costs', 'offices with sustainability targets'],
    },
    revenue: [
      'Savings-based pricing: a share (20% to 30%) of the energy or waste costs you save.',
      'Compliance reporting subscriptions of $200 to $2,000 per month for companies.',
    ],
    risks: [
      ['Green premium', 'few customers pay more only for being green; lead with money saved or rules met'],
      ['Greenwashing claims', 'environmental claims are policed; measure and word them carefully'],
    ],
    metric: 'money or emissions saved per customer, in numbers the customer confirms',
    crowding: 0.4,
  },
  {
    id: 'family',
    label: 'parenting and family care',
    keywords: ['parent', 'kid', 'child', 'baby', 'toddler', 'family', 'families', 'mom', 'mum', 'dad', 'babysit', 'daycare', 'nanny', 'elderly', 'senior', 'grandparent', 'teen', 'pregnan', 'newborn'],
    market:
      'Parents and family carers are time-poor and trust-driven: they pay for safety, time saved and peace of mind, and they recommend what works to each other.',
    whyNow: 'Dual-income households and an ageing population mean more people juggle childcare and elder care with work.',
    alternatives: 'family and friends, WhatsApp parent groups, local providers, care marketplaces and paper calendars',
    channels: {
      consumer: ['school parent groups and WhatsApp chats', 'local parenting Facebook groups', 'paediatricians and nurseries', 'parenting creators on Instagram'],
      business: ['nursery and daycare owner networks', 'employers offering family benefits', 'schools', 'care-home operators'],
    },
    beachheads: {
      consumer: ['working parents of children under 5', 'adult children caring for a parent who lives alone', 'single parents with shift jobs'],
      business: ['daycares with 20 to 100 children', 'employers of 200 or more staff offering family benefits', 'home-care agencies'],
    },
    revenue: [
      'Family subscriptions of $8 to $20 per month.',
      'Employer-paid benefits priced at $2 to $6 per employee per month.',
    ],
    risks: [
      ['Safety and trust', 'anything involving children or vulnerable adults needs background checks, clear policies and insurance'],
      ['Word of mouth cuts both ways', 'parent groups spread one bad experience fast; over-serve your first 50 families'],
    ],
    metric: 'weekly use by families and the share who refer another family',
    crowding: -0.1,
    regulation: 'child-safety and privacy rules, and care regulations where care is provided',
  },
  {
    id: 'events',
    label: 'events and entertainment',
    keywords: ['event', 'wedding', 'concert', 'party', 'ticket', 'gaming', 'game', 'gamer', 'music', 'festival', 'sport', 'esport', 'movie', 'film', 'streaming', 'fan', 'nightlife', 'comedy'],
    market:
      'Events and entertainment are driven by emotion and timing; demand is spiky, and the money is in tickets, sponsorship and repeat communities rather than one-off use.',
    whyNow: 'People are spending on experiences again, and small organisers want tools the big ticketing platforms do not give them.',
    alternatives: 'Eventbrite-style ticketing, WhatsApp groups, Instagram and word of mouth',
    channels: {
      consumer: ['fan communities on Discord and Reddit', 'local event listings and newsletters', 'venues and clubs', 'TikTok and Instagram'],
      business: ['event organiser groups', 'venue owners', 'wedding planners and suppliers', 'sponsorship agencies'],
    },
    beachheads: {
      consumer: ['couples planning a wedding within 12 months', 'fans of one music genre in one city', 'amateur sports leagues'],
      business: ['independent venues with 100 to 1,000 capacity', 'organisers running monthly community events', 'wedding planners handling 10 or more weddings a year'],
    },
    revenue: [
      'A ticketing or booking fee of 3% to 8% per ticket.',
      'Sponsorship packages of $500 to $5,000 per event once you have an audience.',
    ],
    risks: [
      ['Spiky, seasonal demand', 'revenue clusters around dates; build a recurring community or organiser subscription'],
      ['Hit-driven outcomes', 'one flop event hurts cash; pre-sell before committing costs'],
    ],
    metric: 'pre-sold tickets or bookings before each event, and repeat attendance',
    crowding: -0.3,
  },
  {
    id: 'legal',
    label: 'legal and compliance',
    keywords: ['legal', 'lawyer', 'contract', 'compliance', 'gdpr', 'regulat', 'attorney', 'law', 'court', 'lawsuit', 'patent', 'trademark', 'visa', 'immigration', 'permit', 'license'],
    market:
      'Legal and compliance work is expensive and feared, so buyers pay to reduce risk; they also need to trust accuracy before they rely on a tool.',
    whyNow: 'AI can now draft and review documents, and rising regulation means more small businesses face obligations they cannot afford lawyers for.',
    alternatives: 'lawyers billing by the hour, templates found online, consultants and ignoring the issue until it hurts',
    channels: {
      consumer: ['immigration and tenant forums', 'community legal clinics', 'expat communities', 'Reddit legal-advice communities'],
      business: ['small-business associations', 'accountants who advise on compliance', 'compliance officers on LinkedIn', 'legal-tech meetups'],
    },
    beachheads: {
      consumer: ['people applying for one specific visa type', 'tenants disputing a deposit', 'freelancers reviewing their first client contract'],
      business: ['startups of 10 to 50 staff without in-house counsel', 'small law firms with 2 to 10 lawyers', 'online shops facing privacy rules'],
    },
    revenue: [
      'Fixed-fee packages of $49 to $499 per document or filing.',
      'Compliance subscriptions of $50 to $500 per month for small businesses.',
    ],
    risks: [
      ['Unauthorised practice of law', 'giving legal advice without a licence is restricted; partner with licensed lawyers and word the product as information'],
      ['Accuracy liability', 'a wrong answer has real consequences; keep human review on anything binding'],
    ],
    metric: 'documents or filings completed without a lawyer’s correction, and money saved versus hourly fees',
    crowding: 0.2,
    regulation: 'rules on the practice of law and professional liability',
  },
  {
    id: 'beauty',
    label: 'beauty and personal style',
    keywords: ['beauty', 'skincare', 'skin', 'makeup', 'cosmetic', 'hair', 'salon', 'barber', 'nail', 'outfit', 'wardrobe', 'clothing', 'apparel', 'style', 'stylist', 'jewel'],
    market:
      'Beauty and style are repeat-purchase, identity-driven markets where community and creators sell more than features; margins are good but brand-building is expensive.',
    whyNow: 'Social commerce lets small brands and stylists reach buyers directly, and personalisation is now expected.',
    alternatives: 'department stores, Sephora-style retailers, influencers, salons and trial and error',
    channels: {
      consumer: ['beauty creators on TikTok and Instagram', 'skincare subreddits and forums', 'salons and stylists', 'micro-influencers in one niche'],
      business: ['salon and barber owner groups', 'beauty trade shows', 'independent stylists on Instagram', 'beauty-supply distributors'],
    },
    beachheads: {
      consumer: ['people with one skin condition such as acne-prone skin', 'curly-hair communities', 'professionals building a capsule work wardrobe'],
      business: ['independent salons with 3 to 10 chairs', 'freelance stylists and makeup artists', 'indie beauty brands selling online'],
    },
    revenue: [
      'Subscription boxes or refills at $20 to $45 per month.',
      'Salon software at $30 to $120 per month per location.',
    ],
    risks: [
      ['Expensive brand-building', 'creators and ads are costly; build a community around one specific need first'],
      ['Product-safety rules', 'cosmetics have ingredient and labelling rules; check before selling formulas'],
    ],
    metric: 'repurchase rate within 60 days and reviews per 100 customers',
    crowding: -0.5,
  },
  {
    id: 'homeservices',
    label: 'home and local services',
    keywords: ['cleaning', 'cleaner', 'plumb', 'handyman', 'repair', 'renovat', 'garden', 'contractor', 'electrician', 'moving', 'mover', 'laundry', 'maintenance', 'home service', 'diy', 'furniture'],
    market:
      'Home and local services are fragmented: many small providers, customers who book rarely and choose on trust, and platforms that take a large cut.',
    whyNow: 'Skilled trades are in short supply, so customers wait weeks, and providers want bookings without paying lead-gen platforms.',
    alternatives: 'word of mouth, Google Maps, Thumbtack- or Checkatrade-style platforms and Facebook groups',
    channels: {
      consumer: ['neighbourhood apps and local Facebook groups', 'estate agents and landlords', 'hardware stores', 'Google local search'],
      business: ['trade associations', 'supplier counters where trades buy materials', 'Facebook groups for trades', 'local business networks'],
    },
    beachheads: {
      consumer: ['new homeowners in their first year', 'busy professionals in apartment buildings', 'older homeowners who no longer do DIY'],
      business: ['one-person trades businesses', 'cleaning companies with 5 to 20 cleaners', 'property managers needing reliable repairs'],
    },
    revenue: [
      'A booking commission of 10% to 20% per job.',
      'Provider subscriptions of $30 to $100 per month for leads and scheduling.',
    ],
    risks: [
      ['Leakage', 'customers and providers meet once and then go around you; add value on every job (payment, insurance, scheduling)'],
      ['Quality control', 'your brand depends on providers you do not employ; vet, review and guarantee'],
    ],
    metric: 'jobs booked per customer per year and provider retention',
    crowding: -0.1,
  },
  {
    id: 'agriculture',
    label: 'agriculture and food production',
    keywords: ['farm', 'farmer', 'crop', 'agricultur', 'harvest', 'livestock', 'soil', 'irrigat', 'greenhouse', 'orchard', 'dairy', 'fisher'],
    market:
      'Agriculture is a conservative, relationship-driven market with seasonal cash flow; farmers adopt what neighbours prove, and they buy around the growing calendar.',
    whyNow: 'Cheap sensors, climate volatility and input-cost spikes make data-driven farming worth paying for.',
    alternatives: 'agronomists, co-operatives, equipment dealers, paper notebooks and experience',
    channels: {
      consumer: ['gardening communities', 'allotment associations', 'garden centres', 'YouTube growers'],
      business: ['farmer co-operatives', 'agricultural shows and fairs', 'equipment dealers and agronomists', 'farming WhatsApp and Facebook groups'],
    },
    beachheads: {
      consumer: ['urban gardeners with small plots', 'hobby beekeepers', 'families growing vegetables for the first time'],
      business: ['mid-size vegetable farms of 20 to 200 hectares', 'greenhouse growers', 'dairy farms with 50 to 300 cows'],
    },
    revenue: [
      'Per-hectare or per-animal pricing, typically $2 to $20 per hectare per season.',
      'Hardware plus subscription: sensors at cost and data plans of $20 to $100 per month.',
    ],
    risks: [
      ['Seasonal cash flow', 'farmers buy before the season; align your sales cycle with the calendar'],
      ['Slow adoption', 'proof from a neighbouring farm convinces more than any pitch; invest in a few reference farms'],
    ],
    metric: 'yield gained or input costs saved per hectare, confirmed by the farmer',
    crowding: 0.5,
  },
];

/** The profile used when no domain word is found. */
export const GENERAL_DOMAIN: DomainProfile = {
  id: 'general',
  label: 'your market',
  keywords: [],
  market:
    'The market is not obvious from the words you used, which is itself a signal: the clearer you can name the category buyers already spend money in, the easier every next step becomes.',
  whyNow: 'Ask yourself what changed recently (a rule, a technology, a habit) that makes this possible or necessary now.',
  alternatives: 'spreadsheets, generic tools, hiring someone, or simply living with the problem',
  channels: {
    consumer: ['Reddit and Facebook communities where these people already talk about the problem', 'creators they follow', 'local meetups', 'newsletters in the niche'],
    business: ['LinkedIn searches for the job title that owns the problem', 'industry associations', 'trade shows', 'consultants who advise them'],
  },
  beachheads: {
    consumer: ['the 100 people who feel the problem most often', 'one city or one online community', 'people who already pay for a workaround'],
    business: ['businesses of one size in one industry', 'one job title inside those businesses', 'companies already paying for a workaround'],
  },
  revenue: [
    'A paid pilot: charge your first customers a real but small amount to prove willingness to pay.',
    'A done-for-you service version, priced above the software, to learn what customers value most.',
  ],
  risks: [
    ['Unclear category', 'buyers need to know what shelf you sit on; describe the product in one sentence using a category they already buy'],
    ['Nobody owns the budget', 'find out who pays for the current workaround; if nobody does, the pain may be too small'],
  ],
  metric: 'the share of interviewed customers who ask to try or pay for it',
  crowding: 0,
};
