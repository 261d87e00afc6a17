import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { FOUNDER, NEWSLETTER, VALIDATION_ARTICLE } from '@val/content';
import { t } from '@val/ui';
import { ExternalLink } from '../../components/marketing/common';
import { FounderPortrait } from './FounderPortrait';
import { StaticPage } from '../StaticPage';

const Card = styled.div`
  display: flex;
  gap: 20px;
  align-items: center;
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 18px;
  padding: 20px;
  margin-bottom: 8px;
  @media (max-width: 520px) {
    flex-direction: column;
    align-items: flex-start;
  }
  strong {
    display: block;
    font-size: 1.2rem;
  }
  span {
    color: ${t.textMuted};
  }
  p {
    margin: 8px 0 0;
  }
`;
const Timeline = styled.ol`
  list-style: none;
  padding: 0 !important;
  border-left: 2px solid ${t.border};
  margin-left: 6px !important;
  li {
    position: relative;
    padding: 0 0 14px 20px;
  }
  li::before {
    content: '';
    position: absolute;
    left: -7px;
    top: 6px;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${t.primary};
  }
  b {
    display: block;
  }
`;

/** The founder page at its configured slug (default `/founder`). */
export function FounderPage() {
  return (
    <StaticPage title="The founder" eyebrow="Who builds Val" lead="Four startups, two failures, one lesson: talk to customers before you write code.">
      <Card>
        <FounderPortrait size={96} />
        <div>
          <strong>{FOUNDER.name}</strong>
          <span>{FOUNDER.role}</span>
          <p>
            <ExternalLink href={FOUNDER.linkedInUrl}>Connect on LinkedIn</ExternalLink>
          </p>
        </div>
      </Card>

      <h2>The short version</h2>
      <p>
        I’m {FOUNDER.name}. I build small, useful software companies, and I write about how to start them. Val is the tool I built for the moment every founder
        knows: you have an idea at midnight and nobody to tell you, honestly, whether it is any good.
      </p>

      <h2>The longer version</h2>
      <Timeline>
        <li>
          <b>The agency years</b>
          Eight years building products for other people’s startups. I saw which ones survived, and it was rarely the ones with the best code.
        </li>
        <li>
          <b>Two companies that didn’t make it</b>A scheduling app for clinics and a marketplace for used lab equipment. Both were well built. Neither had
          customers who were in a hurry. I learned more from them than from anything that worked.
        </li>
        <li>
          <b>Two that did</b>A niche analytics tool and a newsletter, {NEWSLETTER.name}, that grew to {NEWSLETTER.readersLabel} readers. Both started with
          conversations, not code.
        </li>
        <li>
          <b>Val</b>
          An AI mentor that puts the conversations first: honest feedback on the idea, practice interviews with customers, and a simulation of the first six
          months before you spend a dollar.
        </li>
      </Timeline>

      <h2>What I believe</h2>
      <ul>
        <li>An idea is a guess until a stranger pays for it.</li>
        <li>Feedback should be kind and clear. Flattery is neither.</li>
        <li>Good tools should be free to start. Val’s validation needs no signup.</li>
      </ul>

      <h2>Keep reading</h2>
      <ul>
        <li>
          <Link to="/validation-strategy">{VALIDATION_ARTICLE.title}</Link>: my five-step method.
        </li>
        <li>
          <Link to="/about">About Val</Link>, and the contact form if you want to say hello.
        </li>
      </ul>
    </StaticPage>
  );
}
