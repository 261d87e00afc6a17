import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { CLAIMS, FOUNDER } from '@val/content';
import { t } from '@val/ui';
import { StaticPage } from '../StaticPage';

const Offers = styled.ul`
  list-style: none;
  padding: 0 !important;
  display: grid !important;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 14px !important;
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
  }
  li {
    background: ${t.bgElevated};
    border: 1px solid ${t.border};
    border-radius: 16px;
    padding: 18px;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  h3 {
    margin: 0;
  }
  .len {
    color: ${t.accent};
    font-weight: 700;
    font-size: 0.88rem;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
  }
`;
const Cta = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 10px 22px;
  border-radius: 10px;
  background: ${t.primary};
  color: ${t.primaryText};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    filter: brightness(1.1);
  }
`;

/** `/consulting`: working with the founder directly. */
export function ConsultingPage() {
  return (
    <StaticPage
      title="Consulting"
      eyebrow="Work with us"
      lead="When an idea matters enough, a second pair of human eyes helps. Val does the research; we help you decide what to do with it."
    >
      <h2>How we can help</h2>
      <Offers>
        <li>
          <span className="len">60 minutes</span>
          <h3>Idea review call</h3>
          <p>We read your Val analysis and reports before the call, then spend an hour on the riskiest assumptions and the cheapest way to test them.</p>
        </li>
        <li>
          <span className="len">2 weeks</span>
          <h3>Validation sprint</h3>
          <p>Together we run real customer interviews, a landing-page or pre-sale test, and a go / change / stop decision backed by numbers.</p>
        </li>
        <li>
          <span className="len">Half a day</span>
          <h3>Team workshop</h3>
          <p>For innovation teams in larger companies: a hands-on session on testing new product ideas quickly, using Val on your own ideas.</p>
        </li>
      </Offers>

      <h2>What you get</h2>
      <ul>
        <li>
          Research from our {CLAIMS.aiAgents.value} {CLAIMS.aiAgents.label}, the reports that save founders {CLAIMS.hoursSaved.value} hours of research, read
          and challenged by a person.
        </li>
        <li>Clear next steps in writing after every session.</li>
        <li>Honest advice, including “don’t build this” when that is the answer.</li>
      </ul>

      <h2>Who you will work with</h2>
      <p>
        {FOUNDER.name}, who built Val, and a small group of operators who have launched products themselves. Read more on{' '}
        <Link to="/founder">the founder page</Link>.
      </p>

      <h2>Get started</h2>
      <p>Tell us about your idea, your stage and what you need. We reply within two working days with a proposal and a price. No obligation.</p>
      <p>
        <Cta to="/about#contact">Contact us about consulting</Cta>
      </p>
    </StaticPage>
  );
}
