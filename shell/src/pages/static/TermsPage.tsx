import { Link } from '@val/ui/router';
import { LEGAL_LAST_UPDATED, PRODUCT_NAME } from '@val/content';
import { StaticPage } from '../StaticPage';

/** `/terms`: the Terms of Service, in plain language. */
export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      eyebrow="Legal"
      lead={`The rules for using ${PRODUCT_NAME}, written to be read. Using ${PRODUCT_NAME} means you accept them.`}
      meta={`Last updated: ${LEGAL_LAST_UPDATED}`}
    >
      <h2>1. What {PRODUCT_NAME} is</h2>
      <p>
        {PRODUCT_NAME} is a web service that gives AI-generated feedback on business ideas. The free features (idea validation, the resources kit, customer
        interviews and the launch simulation) need no account. Paid features (research reports and the new product feasibility study) are sold one at a time.
      </p>

      <h2>2. You must be 18 or older</h2>
      <p>
        You may use {PRODUCT_NAME} only if you are at least 18 years old and able to enter into a binding contract. If you use it for a company, you confirm
        that you may accept these terms for it.
      </p>

      <h2>3. Acceptable use</h2>
      <p>You agree not to use {PRODUCT_NAME}, or its AI, for ideas or content that are:</p>
      <ul>
        <li>illegal where you live or where the idea would operate;</li>
        <li>harmful: meant to hurt, defraud, harass or deceive people, or to get around safety measures;</li>
        <li>pornographic or sexually explicit.</li>
      </ul>
      <p>
        This is self-regulated: we do not screen your ideas before answering, and you are responsible for what you submit. We may refuse service, remove data or
        block access when we see clear abuse. You also agree not to overload, scrape or attack the service, or to get around its rate limits.
      </p>

      <h2>4. AI feedback is not professional advice</h2>
      <p>
        {PRODUCT_NAME}’s answers come from AI models. They can be incomplete or wrong, and they are not legal, financial, tax or investment advice. Customer
        personas and simulations are illustrations, not predictions. Please check important facts yourself and talk to a qualified professional before big
        decisions.
      </p>

      <h2>5. Paid reports and payments</h2>
      <ul>
        <li>Prices are shown in US dollars before you pay. Each purchase is a one-time payment for one report; there is no subscription.</li>
        <li>Card payments are processed by our payment provider. We never see or store your full card number.</li>
        <li>Reports are delivered by email and at a private link. Anyone you share that link with can read the report.</li>
      </ul>

      <h2>6. All sales are final</h2>
      <p>
        Because a report is generated for you and delivered right away, <strong>paid sales are final and we do not offer refunds</strong>. If a report fails to
        generate because of a problem on our side, we will run it again at no cost. Your statutory rights as a consumer are not affected.
      </p>

      <h2>7. Your ideas stay yours</h2>
      <p>
        You keep all rights to the ideas and text you submit and to the reports generated for you. You give us permission to store and process them only to run
        the service, as described in the <Link to="/privacy">Privacy Policy</Link>. We do not sell your ideas or publish them.
      </p>

      <h2>8. Partner links</h2>
      <p>
        Some links to partner tools are affiliate links: we may earn a commission if you buy through them, at no extra cost to you. We only list tools we would
        use ourselves. Their own terms apply on their sites.
      </p>

      <h2>9. Availability and liability</h2>
      <p>
        We work hard to keep {PRODUCT_NAME} available and correct, but it is provided “as is”, without guarantees that it will be uninterrupted or error-free.
        To the extent the law allows, our total liability to you for any claim is limited to the amount you paid us in the twelve months before it, and we are
        not liable for indirect losses such as lost profits or lost opportunities.
      </p>

      <h2>10. Changes</h2>
      <p>
        We may update these terms as the product changes. The date at the top shows the latest version; the terms in force when you bought a report apply to
        that purchase.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms? Use the <Link to="/about#contact">contact form</Link>.
      </p>
    </StaticPage>
  );
}
