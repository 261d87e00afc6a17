import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CONTACT_LIMITS, PRODUCT_NAME } from '@val/contracts';
import { t } from '@val/ui';
import { StaticPage } from '../StaticPage';

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  body?: string;
  response: string;
  notes?: string;
}
interface Group {
  id: string;
  title: string;
  intro: string;
  endpoints: Endpoint[];
}

const GROUPS: Group[] = [
  {
    id: 'validation',
    title: 'Idea validation (step 1 and 2)',
    intro: 'The free validation and the partner links of the resources kit.',
    endpoints: [
      {
        method: 'POST',
        path: '/api/validate',
        summary: 'Val analyses an idea and answers in markdown sections. The validation is stored.',
        body: '{ idea, targetCustomer, problemSolved }',
        response: '{ idea, targetCustomer, problemSolved, feedback, id, provider }',
        notes: 'All three fields are required (not blank). provider is "openai" or "offline".',
      },
      {
        method: 'POST',
        path: '/api/validate/stream',
        summary: 'The same analysis, streamed token by token as server-sent events.',
        body: '{ idea, targetCustomer, problemSolved }',
        response: 'text/event-stream: a meta event (provider), delta events ({ text }), then done with the stored validation',
      },
      {
        method: 'POST',
        path: '/api/track-click',
        summary: 'Counts a click on a partner tool’s logo or button.',
        body: '{ company, linkType: "logo" | "button", url }',
        response: '202 { ok: true }',
        notes: 'company, linkType and url must match our partner list, so nobody can pollute the statistics.',
      },
    ],
  },
  {
    id: 'simulation',
    title: 'Customer interviews and launch simulation (step 3)',
    intro: 'Every call takes the validation it builds on as validationData.',
    endpoints: [
      {
        method: 'POST',
        path: '/api/generate-customers',
        summary: 'Generates exactly three customer personas for the idea.',
        body: '{ idea, targetCustomer, problemSolved, feedback }',
        response: '{ customers: [{ id, name, role, avatar, background }] }',
      },
      {
        method: 'POST',
        path: '/api/customer-interview',
        summary: 'A persona answers your question in character. An empty question opens the interview.',
        body: '{ customerId, customerPersona, userQuestion, conversationHistory, validationData }',
        response: '{ response }',
        notes: 'Also as a stream at /api/customer-interview/stream.',
      },
      {
        method: 'POST',
        path: '/api/generate-simulation',
        summary: 'Simulates the first six months after launch from your interviews.',
        body: '{ validationData, customerInsights, landingPageContent }',
        response: '{ simulation: [{ month, title, users, wins, challenges, challenge? }] }',
      },
      {
        method: 'POST',
        path: '/api/challenge-feedback',
        summary: 'Val’s feedback on how you would handle a month’s challenge.',
        body: '{ month, challenge, response, validationData, simulationData }',
        response: '{ feedback }',
      },
      {
        method: 'POST',
        path: '/api/val-chat',
        summary: 'Chat with Val about one month of the simulation.',
        body: '{ month, question, conversationHistory, simulationData, validationData }',
        response: '{ response }',
        notes: 'Also as a stream at /api/val-chat/stream.',
      },
    ],
  },
  {
    id: 'reports',
    title: 'Research reports and the feasibility study',
    intro: 'Paid reports run as jobs of several AI agents. A report’s id is random and unguessable: the link is the key.',
    endpoints: [
      {
        method: 'POST',
        path: '/api/track-product-click',
        summary: 'Counts interest in a research product from the purchase dialog.',
        body: '{ product, location: "purchase", inputs }',
        response: '202 { ok: true }',
      },
      {
        method: 'POST',
        path: '/api/reports/status',
        summary: 'The state of a report and its finished sections.',
        body: '{ execution_id }',
        response: '{ processing_status, title, description, flow_execution_steps: [{ id, title, raw_output }] }',
        notes: 'processing_status is queued, running, finished or failed. Unknown ids answer 404.',
      },
      {
        method: 'GET',
        path: '/api/reports/:id/events',
        summary: 'Live progress of a report as server-sent events; resumes with Last-Event-ID.',
        response: 'text/event-stream',
      },
      {
        method: 'GET',
        path: '/api/reports/:id/pdf',
        summary: 'The finished report as a PDF.',
        response: 'application/pdf',
      },
      {
        method: 'GET',
        path: '/api/auth/login',
        summary: 'Starts sign-in with the identity provider (OpenID Connect with state and PKCE).',
        response: '302 to the provider',
      },
      {
        method: 'POST',
        path: '/api/auth/callback',
        summary: 'Finishes sign-in with the code from the provider.',
        body: '{ code }',
        response: '{ email, name? } or { error }',
      },
      {
        method: 'POST',
        path: '/api/checkout/session',
        summary: 'Creates a card checkout for a report and redirects to it.',
        body: 'form: email (or the signed-in session), product, inputs',
        response: '303 to the checkout page',
      },
      {
        method: 'POST',
        path: '/api/feasibility/start',
        summary: 'Starts the paid feasibility study. Works only against a paid, unused checkout.',
        body: '{ target_market, product_idea, email, session_id? }',
        response: '{ success: true, flow_execution_id } or { success: false, error }',
      },
    ],
  },
  {
    id: 'site',
    title: 'Site',
    intro: 'The public numbers on the home page and the contact form.',
    endpoints: [
      {
        method: 'GET',
        path: '/api/public-stats',
        summary: 'The live “entrepreneurs validated” count and the trust badges this deployment shows.',
        response: '{ entrepreneursValidated, trustBadges }',
        notes: 'Stored validations plus a configured baseline. Cached for 30 seconds.',
      },
      {
        method: 'POST',
        path: '/api/contact',
        summary: 'Sends a message to the team; the operator reads it in the admin.',
        body: '{ name, email, subject, message }',
        response: '201 { id, receivedAt }',
        notes: `All fields required; email must be valid; at most ${CONTACT_LIMITS.name} / ${CONTACT_LIMITS.email} / ${CONTACT_LIMITS.subject} / ${CONTACT_LIMITS.message} characters. 5 messages per 10 minutes per address.`,
      },
      {
        method: 'GET',
        path: '/healthz, /readyz',
        summary: 'Liveness, and readiness including the database.',
        response: '{ status }',
      },
    ],
  },
  {
    id: 'admin',
    title: 'Admin',
    intro: 'For the operator only. Every route answers 401 without an admin session.',
    endpoints: [
      {
        method: 'POST',
        path: '/api/admin/login',
        summary: 'Opens an admin session (a signed, HttpOnly cookie).',
        body: '{ password }',
        response: '200 { ok: true }; 401 on a wrong password; 429 after repeated failures',
      },
      { method: 'POST', path: '/api/admin/logout', summary: 'Ends the admin session.', response: '{ ok: true }' },
      {
        method: 'GET',
        path: '/api/admin/link-stats',
        summary: 'Clicks per partner and link type.',
        response: '[{ company, linkType, clickCount, lastClicked, url }]',
      },
      {
        method: 'GET',
        path: '/api/admin/product-stats',
        summary: 'Clicks, inputs and unique emails per research product.',
        response: '[{ product, location, clickCount, totalInputs, uniqueEmails, lastClicked }]',
      },
      {
        method: 'GET',
        path: '/api/admin/messages',
        summary: 'Contact-form messages, newest first. Query: limit, offset.',
        response: '{ messages: [{ id, name, email, subject, message, createdAt }], total }',
      },
    ],
  },
];

const Toc = styled.nav`
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 14px;
  padding: 14px 18px;
  ul { margin: 0; }
`;
const EndpointCard = styled.div`
  border: 1px solid ${t.border};
  border-radius: 14px;
  background: ${t.bgElevated};
  padding: 16px 18px;
  margin: 0 0 12px;
  .line { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin-bottom: 6px; }
  .path { font-weight: 700; font-size: 0.98rem; }
  p { margin: 0 0 8px; }
  dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; font-size: 0.92rem; }
  dt { color: ${t.textMuted}; }
  dd { margin: 0; min-width: 0; }
  @media (max-width: 520px) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 6px; } }
`;
const Method = styled.span<{ $m: Endpoint['method'] }>`
  display: inline-block;
  min-width: 52px;
  text-align: center;
  padding: 2px 8px;
  border-radius: 6px;
  font-size: 0.75rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  color: #fff;
  background: ${(p) => (p.$m === 'GET' ? '#0e7490' : '#6d28d9')};
`;

/** `/api`: a human-readable description of Val's HTTP API. */
export function ApiPage() {
  return (
    <StaticPage
      title="The Val API"
      eyebrow="Developers"
      lead={`Every screen of ${PRODUCT_NAME} runs on a plain JSON-over-HTTP API. Here is what each endpoint does, what it takes and what it returns.`}
      wide
    >
      <Toc aria-label="API sections">
        <ul>
          <li>
            <a href="#conventions">Conventions</a>
          </li>
          {GROUPS.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`}>{g.title}</a>
            </li>
          ))}
        </ul>
      </Toc>

      <h2 id="conventions">Conventions</h2>
      <ul>
        <li>
          Same origin as the site, for example <code>https://your-val-host/api/validate</code>. Request and
          response bodies are JSON (<code>Content-Type: application/json</code>) unless noted.
        </li>
        <li>
          Errors always look like <code>{'{ "error": { "code": "bad_request", "message": "idea: idea is required" } }'}</code>.
          A bad body is a <code>400</code> whose message names the field; a body over the size limit is a{' '}
          <code>413</code>; an unknown route is a <code>404</code>.
        </li>
        <li>
          Routes that cost us money or store data are rate-limited per IP address. Over the limit you get{' '}
          <code>429</code> with <code>Retry-After</code> in seconds.
        </li>
        <li>The free endpoints need no key or account. Admin endpoints need an admin session cookie.</li>
      </ul>
      <h3>Try it</h3>
      <pre>
        <code>{`curl -s https://your-val-host/api/validate \\
  -H 'Content-Type: application/json' \\
  -d '{"idea":"Meal plans for night-shift nurses",
       "targetCustomer":"Nurses on rotating shifts",
       "problemSolved":"Eating well at 3 a.m."}'`}</code>
      </pre>

      {GROUPS.map((g) => (
        <section key={g.id} aria-labelledby={g.id}>
          <h2 id={g.id}>{g.title}</h2>
          <p>{g.intro}</p>
          {g.endpoints.map((e) => (
            <EndpointCard key={`${e.method} ${e.path}`} data-testid="api-endpoint">
              <div className="line">
                <Method $m={e.method}>{e.method}</Method>
                <code className="path">{e.path}</code>
              </div>
              <p>{e.summary}</p>
              <dl>
                {e.body && (
                  <>
                    <dt>Body</dt>
                    <dd>
                      <code>{e.body}</code>
                    </dd>
                  </>
                )}
                <dt>Answer</dt>
                <dd>
                  <code>{e.response}</code>
                </dd>
                {e.notes && (
                  <>
                    <dt>Notes</dt>
                    <dd>{e.notes}</dd>
                  </>
                )}
              </dl>
            </EndpointCard>
          ))}
        </section>
      ))}

      <hr />
      <p>
        Building something on top of {PRODUCT_NAME}, or need higher limits? <Link to="/about#contact">Tell us about it</Link>.
      </p>
    </StaticPage>
  );
}
