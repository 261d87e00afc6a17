import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

export const AboutPage = () => (
  <StaticPage title="About Val" lead="Val is an AI mentor for founders who want evidence before they build." />
);
export const TermsPage = () => <StaticPage title="Terms of Service" lead="The rules for using Val." />;
export const PrivacyPage = () => <StaticPage title="Privacy Policy" lead="What we store and why." />;
export const ValidationStrategyPage = () => (
  <StaticPage title="How I validate ideas" lead="August 14, 2025">
    <p>
      <Link to="/">Back to home</Link>
    </p>
  </StaticPage>
);
export const FounderPage = () => <StaticPage title="The founder" lead="Who builds Val, and why." />;
export const ConsultingPage = () => <StaticPage title="Consulting" lead="Work with us on your validation." />;
export const ApiPage = () => <StaticPage title="The Val API" lead="Every screen of Val runs on a plain HTTP API." />;
export const SecurityPage = () => <StaticPage title="Security" lead="How we protect your data." />;
