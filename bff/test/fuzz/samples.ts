import { FEASIBILITY_STUDY_ID, PARTNER_TOOLS, TEST_FLOW_SAMPLE } from '@val/contracts';

/** A request the route accepts (or refuses only for state, e.g. an unknown id): the fuzzer mutates it. */
export interface RouteSample {
  /** JSON body (or form fields for `form: true`). */
  body?: Record<string, unknown>;
  /** Query parameters of a GET. */
  query?: Record<string, string>;
  /** Path parameter values. */
  params?: Record<string, string>;
  /** The browser sends it form-encoded (an HTML form), not as JSON. */
  form?: boolean;
}

const validation = {
  idea: 'A booking app that fills last-minute cancellations at independent hair salons',
  targetCustomer: 'Independent hair salon owners in mid-sized cities',
  problemSolved: 'Empty chairs after late cancellations cost salons money every week',
  feedback: '## Score: 7/10\nA clear, painful problem.',
};
const persona = { id: 'p1', name: 'Maya Lopez', role: 'Salon owner', avatar: 'ML', background: 'Runs a four-chair salon in Leeds' };
const month = { month: 1, title: 'Launch', users: 40, wins: ['First 10 salons'], challenges: ['Churn'], challenge: 'How do you keep salons after the trial?' };
const partner = PARTNER_TOOLS[0];
const report = { product: 'idea-desirability-assessment', inputs: { idea: 'Pet-sitting marketplace for rural towns' }, email: 'fuzz@example.com' };
const reportId = 'AbCdEfGhIjKlMnOpQrSt';
const validationId = '3f0c2a8e-9b1d-4c57-8e2f-6a4b1c9d7e10';

/**
 * One valid request per route (`METHOD /path`). The fuzz suite mutates these (drop a field,
 * change a type, add fields, stuff strings); a route missing here is fuzzed with generic junk
 * only, and the suite says so.
 */
export function routeSamples(adminPassword: string): Record<string, RouteSample> {
  return {
    'GET /api/admin/daily': { query: { kind: 'links', from: '2026-01-01', to: '2026-01-31' } },
    'GET /api/admin/link-stats': { query: { from: '2026-01-01', to: '2026-12-31' } },
    'GET /api/admin/product-stats': { query: { from: '2026-01-01', to: '2026-12-31' } },
    'GET /api/admin/messages': { query: { limit: '10', offset: '0' } },
    'GET /api/admin/test-flow': { query: { execution_id: reportId } },
    'GET /api/reports/:id/events': { params: { id: reportId }, query: { lastEventId: '0' } },
    'GET /api/reports/:id/pdf': { params: { id: reportId } },
    'GET /api/validations/:validationId': { params: { validationId } },
    'GET /api/validations/compare': { query: { base: validationId, head: '7b9e4d21-0c3a-4f6e-9a8b-2d1c5e7f9a30' } },
    'DELETE /api/validations/:validationId': { params: { validationId } },
    'GET /checkout/test/:sessionId': { params: { sessionId: 'cs_test_AAAAAAAAAAAAAAAAAAAA' } },
    'GET /oidc/interaction/:uid': { params: { uid: 'abcdefghijklmnop' } },
    'POST /api/admin/login': { body: { password: adminPassword } },
    'POST /api/admin/logout': { body: {} },
    'POST /api/admin/reports': { body: report },
    'POST /api/admin/test-flow': {
      body: {
        flow_execution_variables: [
          { name: 'TARGET_MARKET', variable_value: TEST_FLOW_SAMPLE.TARGET_MARKET },
          { name: 'PRODUCT_IDEA', variable_value: TEST_FLOW_SAMPLE.PRODUCT_IDEA },
        ],
      },
    },
    'POST /api/auth/callback': { body: { code: 'code-from-provider', state: 'state-value', iss: 'http://127.0.0.1/oidc' } },
    'POST /api/auth/logout': { body: {} },
    'POST /api/challenge-feedback': {
      body: { month: 1, challenge: month.challenge, response: 'Offer a month free for referrals', validationData: validation, simulationData: month },
    },
    'POST /api/checkout/session': {
      form: true,
      body: { email: 'fuzz@example.com', product: FEASIBILITY_STUDY_ID, inputs: JSON.stringify({ targetMarket: 'Salons', productIdea: 'Booking app' }) },
    },
    'POST /api/contact': { body: { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'I like the product.' } },
    'POST /api/customer-interview': {
      body: {
        customerId: persona.id,
        customerPersona: persona,
        userQuestion: 'What does a cancellation cost you?',
        conversationHistory: [{ isUser: true, text: 'Hi', timestamp: 1 }],
        validationData: validation,
      },
    },
    'POST /api/customer-interview/stream': {
      body: { customerId: persona.id, customerPersona: persona, userQuestion: '', conversationHistory: [], validationData: validation },
    },
    'POST /api/dev/reports': { body: report },
    'POST /api/feasibility/start': { body: { target_market: 'Hair salons', product_idea: 'Booking app', email: 'fuzz@example.com' } },
    'POST /api/generate-customers': { body: validation },
    'POST /api/generate-simulation': {
      body: {
        validationData: validation,
        customerInsights: [{ persona, responses: ['We lose about $200 a week'], completed: true }],
        landingPageContent: null,
      },
    },
    'POST /api/reports/status': { body: { execution_id: reportId } },
    'POST /api/reports/:id/basis': { params: { id: reportId }, body: { basis: { market: 'pets', price: 12 }, assumptions: { margin: '60%' } } },
    'POST /api/reports/:id/rewrite': { params: { id: reportId }, body: { sections: ['final-recommendations'] } },
    'POST /api/stripe/webhook': {
      body: { id: 'evt_fuzz', object: 'event', type: 'checkout.session.completed', data: { object: { object: 'checkout.session', id: 'cs_test_fuzz' } } },
    },
    'POST /api/track-click': { body: { company: partner.company, linkType: 'button', url: partner.url } },
    'POST /api/track-product-click': { body: { product: 'idea-desirability-assessment', location: 'purchase', inputs: 1, email: 'fuzz@example.com' } },
    'POST /api/val-chat': {
      body: {
        month: 1,
        question: 'How do I grow faster?',
        conversationHistory: [{ isUser: false, text: 'Hello', timestamp: 1 }],
        simulationData: month,
        validationData: validation,
      },
    },
    'POST /api/val-chat/stream': {
      body: { month: 1, question: 'How do I grow faster?', conversationHistory: [], simulationData: month, validationData: validation },
    },
    'POST /api/validate': { body: { idea: validation.idea, targetCustomer: validation.targetCustomer, problemSolved: validation.problemSolved } },
    'POST /api/validate/stream': { body: { idea: validation.idea, targetCustomer: validation.targetCustomer, problemSolved: validation.problemSolved } },
    'POST /checkout/test/:sessionId': {
      form: true,
      params: { sessionId: 'cs_test_AAAAAAAAAAAAAAAAAAAA' },
      body: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada' },
    },
    'POST /oidc/interaction/:uid/login': { form: true, params: { uid: 'abcdefghijklmnop' }, body: { email: 'fuzz@example.com', name: 'Fuzz' } },
    'POST /oidc/interaction/:uid/abort': { form: true, params: { uid: 'abcdefghijklmnop' }, body: {} },
  };
}
