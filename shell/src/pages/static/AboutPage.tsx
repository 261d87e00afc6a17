import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { CLAIMS, FOUNDER, NEWSLETTER, PRESS } from '@val/content';
import { t } from '@val/ui';
import { ContactForm } from '../../components/ContactForm';
import { ExternalLink } from '../../components/marketing/common';
import { FounderPortrait } from './FounderPortrait';
import { StaticPage } from '../StaticPage';

const Bio = styled.div`
  display: grid;
  grid-template-columns: 140px 1fr;
  gap: 28px;
  align-items: start;
  @media (max-width: 620px) {
    grid-template-columns: 1fr;
    gap: 16px;
    svg {
      width: 88px;
      height: 88px;
    }
  }
`;
const Press = styled.ul`
  list-style: none;
  padding: 0 !important;
  display: grid !important;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px !important;
  li {
    background: ${t.bgElevated};
    border: 1px solid ${t.border};
    border-radius: 14px;
    padding: 14px 16px;
  }
  a {
    font-weight: 800;
    font-size: 1.05rem;
    color: ${t.text};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  span {
    display: block;
    color: ${t.textMuted};
    font-size: 0.88rem;
    margin-top: 4px;
  }
`;
const ContactCard = styled.div`
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 18px;
  padding: 24px;
  @media (max-width: 620px) {
    padding: 18px;
  }
`;

/** `/about`: who is behind Val, the press list and the contact form. */
export function AboutPage() {
  return (
    <StaticPage
      title="About Val"
      eyebrow="Our story"
      lead="Val is an AI mentor for founders who want evidence before they build. Free to start, honest by design."
    >
      <h2>Why Val exists</h2>
      <Bio>
        <FounderPortrait size={140} />
        <div>
          <p>
            Hi, I’m {FOUNDER.name}. I have started four companies. Two of them died for the same boring reason: I fell in love with the solution and never
            checked whether anyone had the problem badly enough to pay.
          </p>
          <p>
            Val is the mentor I wish I had back then. You describe your idea, your customer and the problem, and Val answers like a good advisor would: kindly,
            but without flattering you. Then you can interview three AI customers, play through your first six months, and order deeper research reports when an
            idea earns them: {CLAIMS.aiAgents.value} {CLAIMS.aiAgents.label} work on each one, and founders tell me it saves them {CLAIMS.hoursSaved.value}{' '}
            hours of research.
          </p>
          <p>
            I also write {NEWSLETTER.name}, a weekly newsletter for {NEWSLETTER.readersLabel} founders. More about me on{' '}
            <Link to="/founder">the founder page</Link>, or read <Link to="/validation-strategy">how I validate ideas</Link>.
          </p>
        </div>
      </Bio>

      <h2 id="featured-in">Featured In</h2>
      <Press aria-labelledby="featured-in">
        {PRESS.map((p) => (
          <li key={p.name}>
            <ExternalLink href={p.url}>{p.name}</ExternalLink>
            <span>{p.note}</span>
          </li>
        ))}
      </Press>

      <h2 id="contact">Get in touch</h2>
      <p>A question about Val, a partnership, press, or feedback on your report? Write to me here. I read every message myself.</p>
      <ContactCard>
        <ContactForm />
      </ContactCard>
    </StaticPage>
  );
}
