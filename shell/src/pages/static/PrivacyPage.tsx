import { Link } from '@val/ui/router';
import { LEGAL_LAST_UPDATED, PRODUCT_NAME } from '@val/content';
import { StaticPage } from '../StaticPage';

/** `/privacy`: what we store, why, and for how long. */
export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      eyebrow="Legal"
      lead="What we store, why we store it, and what you can ask us to do with it. Short version: as little as we can."
      meta={`Last updated: ${LEGAL_LAST_UPDATED}`}
    >
      <h2>No accounts for the free features</h2>
      <p>You can validate an idea, browse the resources kit and run the simulation without signing up. We do not ask for your name or email for any of that.</p>

      <h2>What we store on our servers</h2>
      <ul>
        <li>
          <strong>Validations.</strong> The idea, target customer and problem you submit, and {PRODUCT_NAME}’s answer, with the time and which AI provider
          answered. We use them to run the service, to count “entrepreneurs validated” on the home page, and to improve the analysis. They are not linked to
          your name.
        </li>
        <li>
          <strong>Click events.</strong> When you click a partner tool or a research product we record which one, where, and when. This feeds the operator’s
          statistics. No name or email is attached to partner clicks.
        </li>
        <li>
          <strong>Emails of buyers.</strong> If you buy a report, we keep your email address (and name, if the sign-in provider shares it), what you bought, the
          inputs you gave and the payment status, so we can deliver the report and answer questions about it. For statistics on unique buyers we store a keyed
          hash of the email, not the address.
        </li>
        <li>
          <strong>Contact messages.</strong> If you write to us through the contact form we store your name, email, subject and message so we can reply.
        </li>
        <li>
          <strong>Server logs.</strong> Technical logs (time, address, page, errors) kept for a short time for security and debugging. Emails in logs are
          masked; passwords are never logged.
        </li>
      </ul>

      <h2>What stays in your browser</h2>
      <p>
        Your theme choice, your latest validation and your step-3 progress are kept in your browser’s local storage so a reload does not lose your work. “Start
        over” clears them. If you start a paid study, the browser also keeps your email, name, the study’s inputs and a customer id so you do not have to type
        them again. You can clear all of this at any time in your browser settings.
      </p>

      <h2>Cookies</h2>
      <ul>
        <li>
          <strong>Sign-in and checkout:</strong> a session cookie that keeps the sign-in and payment steps secure (it is HttpOnly and expires when the flow
          ends).
        </li>
        <li>
          <strong>Admin:</strong> a session cookie for the operator’s dashboard only.
        </li>
      </ul>
      <p>We use no advertising cookies and no third-party trackers.</p>

      <h2>Who else sees your data</h2>
      <ul>
        <li>
          <strong>AI provider.</strong> When a hosted AI model is configured, the text you submit is sent to that provider to generate the answer. Without one,{' '}
          {PRODUCT_NAME}’s built-in analyst answers on our own server.
        </li>
        <li>
          <strong>Payment provider.</strong> Card payments go directly to our payment provider. We never receive your card number.
        </li>
        <li>
          <strong>Sign-in provider.</strong> If you sign in to buy a report, the identity provider tells us your email address and, optionally, your name.
        </li>
        <li>
          <strong>Email delivery.</strong> Reports are sent through an email service.
        </li>
      </ul>
      <p>We do not sell personal data, and we do not share it for advertising.</p>

      <h2>How long we keep it</h2>
      <p>
        Validations and click events are kept while the service runs, without personal data attached. Buyer records are kept as long as tax and accounting law
        requires. Contact messages are deleted when they are no longer needed to answer you.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask us what we hold about you, to correct it, to export it or to delete it, and you can object to how we use it. Write to us through the{' '}
        <Link to="/about#contact">contact form</Link> and we will answer within 30 days. You may also complain to your local data-protection authority.
      </p>

      <h2>Age</h2>
      <p>
        {PRODUCT_NAME} is for people aged 18 and over (see the <Link to="/terms">Terms of Service</Link>). We do not knowingly collect data from children.
      </p>

      <h2>Changes</h2>
      <p>If we change how we handle data, we update this page and the date at the top.</p>
    </StaticPage>
  );
}
