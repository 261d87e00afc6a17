import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { PRODUCT_NAME, TRUST_BADGES } from '@val/content';
import { t } from '@val/ui';
import { StaticPage } from '../StaticPage';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 14px;
  margin: 8px 0 8px;
  @media (max-width: 640px) {
    grid-template-columns: 1fr;
  }
  section {
    background: ${t.bgElevated};
    border: 1px solid ${t.border};
    border-radius: 14px;
    padding: 16px 18px;
  }
  h3 {
    margin: 0 0 6px;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
  }
`;

/** `/security`: what we actually do to protect data, no more and no less. */
export function SecurityPage() {
  return (
    <StaticPage
      title="Security"
      eyebrow="Trust"
      lead={`What we actually do to protect your ideas and your data. No vague promises: this is how ${PRODUCT_NAME} is built.`}
    >
      <h2>Less data, less risk</h2>
      <p>
        The safest data is data we never collect. The free features need no account, so there are no visitor passwords to leak. Your latest validation and your
        simulation progress live in your own browser. On our side we keep what the service needs, listed in the <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>How the service is protected</h2>
      <Grid>
        <section>
          <h3>Payments</h3>
          <p>
            Card payments happen on our payment provider’s checkout. Card numbers never reach our servers. Payment confirmations are accepted only with a valid
            signature, and each paid checkout buys exactly one report.
          </p>
        </section>
        <section>
          <h3>Sign-in</h3>
          <p>
            Buying a report uses OpenID Connect with state and PKCE, exact redirect addresses and no open redirects. We receive your email (and name, if
            shared), never a password.
          </p>
        </section>
        <section>
          <h3>Sessions and cookies</h3>
          <p>
            Session cookies are signed, HttpOnly and SameSite, and Secure in production. Requests that change data with a cookie are checked to come from our
            own site.
          </p>
        </section>
        <section>
          <h3>The admin dashboard</h3>
          <p>
            One operator password, set by configuration (never a default), compared in constant time. Sessions expire after 30 idle minutes and 8 hours at most;
            repeated wrong passwords lock the address out for a while.
          </p>
        </section>
        <section>
          <h3>Every input checked</h3>
          <p>
            Every request body is validated against a schema and a size limit before anything else happens. Bad input gets a clear error, never a crash.
            Database queries are parameterised.
          </p>
        </section>
        <section>
          <h3>Rate limits</h3>
          <p>
            AI routes, click tracking, sign-in, checkout and the contact form are limited per address, so one client cannot run up costs or flood the database.
          </p>
        </section>
        <section>
          <h3>AI safety</h3>
          <p>
            Your text is passed to the model as data, separate from Val’s instructions. Answers are shown as formatted text without raw HTML, and only safe link
            types are clickable.
          </p>
        </section>
        <section>
          <h3>Logs and secrets</h3>
          <p>
            Logs never contain passwords or cookies, and email addresses in them are masked. Keys and passwords come only from the server’s environment, never
            from the code. Error messages never reveal internals.
          </p>
        </section>
        <section>
          <h3>Statistics without people</h3>
          <p>Partner-link statistics carry no personal data. Unique-buyer counts use a keyed hash of the email, not the address.</p>
        </section>
        <section>
          <h3>Private report links</h3>
          <p>Each report lives at a long random address that cannot be guessed. Treat it like a password: anyone with the link can read the report.</p>
        </section>
      </Grid>

      <h2>About our badges</h2>
      <p>We want our badges to mean exactly what they say:</p>
      <ul>
        {TRUST_BADGES.filter((b) => b.enabled).map((b) => (
          <li key={b.id}>
            <strong>{b.label}:</strong> {b.description}.
          </li>
        ))}
      </ul>
      <p>{PRODUCT_NAME} itself does not hold a SOC2 report. If your company needs one for a purchase, talk to us before you buy.</p>

      <h2>Found a problem?</h2>
      <p>
        If you believe you have found a security issue, please tell us through the <Link to="/about#contact">contact form</Link> with the subject “Security”. We
        answer within two working days, we will not take legal action against good-faith research, and we are happy to credit you.
      </p>
    </StaticPage>
  );
}
