import type { ReactNode } from 'react';
import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { PARTNER_TOOLS, type PartnerTool } from '@val/contracts';
import { FOUNDER, NEWSLETTER, VALIDATION_ARTICLE, VALIDATION_SECTION_HREF } from '@val/content';
import { createValApi } from '@val/client';
import { ButtonLink, Container, Section, t } from '@val/ui';
import { ExternalLink, VisuallyHidden } from '../../components/marketing/common';
import { FounderPortrait } from './FounderPortrait';

const Article = styled.article`
  max-width: 760px;
  margin: 0 auto;
  h2 {
    margin: 0 0 12px;
    font-size: clamp(1.3rem, 2.8vw, 1.7rem);
    scroll-margin-top: 80px;
  }
  ul {
    padding-left: 22px;
    display: grid;
    gap: 6px;
  }
`;
const Back = styled(ButtonLink)`
  margin-bottom: 24px;
`;
const Head = styled.header`
  margin-bottom: 36px;
  p.eyebrow {
    margin: 0 0 10px;
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${t.accent};
  }
  h1 {
    font-size: clamp(2rem, 5vw, 3rem);
    margin: 0 0 14px;
    letter-spacing: -0.015em;
  }
  p.lead {
    color: ${t.textMuted};
    font-size: 1.15rem;
    margin: 0 0 20px;
  }
`;
const Byline = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${t.textMuted};
  font-size: 0.92rem;
  strong {
    color: ${t.text};
    display: block;
  }
`;
const Step = styled.section`
  position: relative;
  padding: 28px 0 8px 64px;
  border-top: 1px solid ${t.border};
  @media (max-width: 560px) {
    padding-left: 0;
  }
  .num {
    position: absolute;
    left: 0;
    top: 28px;
    width: 44px;
    height: 44px;
    border-radius: 12px;
    display: grid;
    place-items: center;
    font-weight: 800;
    font-size: 1.1rem;
    color: #fff;
    background: linear-gradient(135deg, ${t.primary}, ${t.purple});
    @media (max-width: 560px) {
      position: static;
      margin-bottom: 12px;
    }
  }
`;
const Partner = styled.aside`
  display: flex;
  gap: 14px;
  align-items: center;
  flex-wrap: wrap;
  margin: 8px 0 20px;
  padding: 14px 16px;
  border-radius: 14px;
  border: 1px solid ${t.border};
  background: ${t.bgElevated};
  .logo {
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: 12px;
    display: grid;
    place-items: center;
    font-weight: 800;
  }
  .text {
    flex: 1 1 200px;
    min-width: 0;
  }
  .text strong {
    display: block;
  }
  .text span {
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
  a.try {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 8px 16px;
    border-radius: 10px;
    background: ${t.bgSunken};
    border: 1px solid ${t.border};
    color: ${t.text};
    font-weight: 700;
    text-decoration: none;
  }
  a.try:hover {
    border-color: ${t.primary};
  }
`;
const Cta = styled.div`
  margin: 36px 0 12px;
  padding: 32px 24px;
  text-align: center;
  border-radius: 20px;
  background: linear-gradient(135deg, ${t.primary}, ${t.purple});
  color: #fff;
  h2 {
    color: #fff;
    margin: 0 0 8px;
  }
  p {
    color: #fff;
    opacity: 0.92;
    margin: 0 auto 20px;
    max-width: 520px;
  }
`;
const CtaButton = styled(ButtonLink)`
  background: #fff;
  color: #2a1a7a;
  font-size: 1.05rem;
  padding: 12px 28px;
  &:focus-visible {
    outline-color: #fff;
    outline-offset: 3px;
  }
`;

const partners = VALIDATION_ARTICLE.partnerCompanies.map((c) => PARTNER_TOOLS.find((p) => p.company === c)).filter((p): p is PartnerTool => !!p);
const partner = (company: string) => partners.find((p) => p.company === company);

const api = createValApi();

/** Records an affiliate click for the admin's partner stats; never blocks the link. */
function trackPartnerClick(tool: PartnerTool) {
  try {
    void api
      .request('trackClick', { body: { company: tool.company, linkType: 'button', url: tool.url } }, { keepalive: true })
      .catch((e: unknown) => console.warn('track-click failed', e));
  } catch (e) {
    console.warn('track-click failed', e);
  }
}

function PartnerLink({ tool, why }: { tool: PartnerTool | undefined; why: ReactNode }) {
  if (!tool) return null;
  return (
    <Partner aria-label={`Partner tool: ${tool.name}`} data-testid={`article-partner-${tool.company}`}>
      <span className="logo" aria-hidden="true" style={{ background: tool.logo.background, color: tool.logo.foreground }}>
        {tool.logo.initials}
      </span>
      <span className="text">
        <strong>{tool.name}</strong>
        <span>{why}</span>
      </span>
      <a className="try" href={tool.url} target="_blank" rel="sponsored noopener noreferrer" onClick={() => trackPartnerClick(tool)}>
        Try {tool.name} ↗<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    </Partner>
  );
}

/** `/validation-strategy`: the founder's five-step method, dated August 14, 2025. */
export function ValidationStrategyPage() {
  return (
    <Section>
      <Container>
        <Article>
          <Back as={Link} to="/" $variant="secondary">
            ← Back to home
          </Back>
          <Head>
            <p className="eyebrow">Validation strategy</p>
            <h1>{VALIDATION_ARTICLE.title}</h1>
            <p className="lead">
              The five steps I use to find out whether an idea has customers, and to get the first thousand of them, before I build the real thing.
            </p>
            <Byline>
              <FounderPortrait size={44} />
              <span>
                <strong>{FOUNDER.name}</strong>
                <time dateTime={VALIDATION_ARTICLE.date}>{VALIDATION_ARTICLE.dateLabel}</time> · 7 min read
              </span>
            </Byline>
          </Head>

          <p>
            Most founders validate by asking friends. Friends are kind, and kindness is terrible data. Over the last few years I have settled on a method that
            replaces opinions with behaviour: people signing up, reading, clicking and, eventually, paying. It works for software, services and physical
            products. Here it is.
          </p>

          <Step aria-labelledby="step-1">
            <span className="num" aria-hidden="true">
              1
            </span>
            <h2 id="step-1">Build a small AI tool as a lead magnet</h2>
            <p>
              Instead of a landing page that says “coming soon”, give your future customers something useful today: a tiny AI tool that solves one slice of
              their problem. A pricing calculator for freelancers. A menu analyser for restaurant owners. A contract checker for landlords.
            </p>
            <p>
              Two things happen. People who use it tell you, with their behaviour, that the problem is real. And every one of them leaves an email address,
              which is the start of your audience. Val itself began this way.
            </p>
            <PartnerLink tool={partner('bubble')} why="I build these tools without code, in a weekend." />
          </Step>

          <Step aria-labelledby="step-2">
            <span className="num" aria-hidden="true">
              2
            </span>
            <h2 id="step-2">Start a newsletter for the same people</h2>
            <p>
              The emails from step 1 are worth nothing if you never write to them. Start a weekly newsletter about the problem, not your product: what you
              learn, what others tried, what it costs them. Your readers become the people you interview, your beta users and your first buyers.
            </p>
            <p>
              {NEWSLETTER.name} started with 41 readers. It now reaches {NEWSLETTER.readersLabel} founders. The only secret was showing up every week.
            </p>
            <PartnerLink tool={partner('beehiiv')} why="Newsletter platform with referrals and growth tools built in." />
          </Step>

          <Step aria-labelledby="step-3">
            <span className="num" aria-hidden="true">
              3
            </span>
            <h2 id="step-3">Drive traffic with short video</h2>
            <p>
              Short videos are the cheapest distribution there is. Record 30 to 60 seconds on one painful moment your customer knows well, show your tool
              solving it, and point to the link. Post one a day for a month. The videos that get saved and shared tell you which pain hurts most; build for that
              one.
            </p>
            <p>I outline every video as a five-slide story first. It keeps me on one point and under a minute.</p>
            <PartnerLink tool={partner('gamma')} why="Turn an outline into clean slides in minutes." />
          </Step>

          <Step aria-labelledby="step-4">
            <span className="num" aria-hidden="true">
              4
            </span>
            <h2 id="step-4">Work the newsletter</h2>
            <p>A list is a conversation, not a broadcast. Every few issues:</p>
            <ul>
              <li>ask one question and reply to every answer by hand;</li>
              <li>invite five readers to a 20-minute call about their problem;</li>
              <li>offer a pre-sale or a paid pilot of the thing you are planning, and count who says yes.</li>
            </ul>
            <p>
              Pre-sales are the strongest signal you can get before building. Ten people paying for something that does not exist yet beats a thousand likes.
            </p>
          </Step>

          <Step aria-labelledby="step-5">
            <span className="num" aria-hidden="true">
              5
            </span>
            <h2 id="step-5">Optimise for AI agents</h2>
            <p>
              More and more buyers ask an AI assistant instead of a search engine. If an agent cannot read your site, understand your offer and compare it, you
              are invisible to them. Write plain, structured pages: who it is for, what it costs, what it does. Publish your pricing. Keep your content
              crawlable.
            </p>
            <p>
              Not sure where you stand? <ExternalLink href={VALIDATION_ARTICLE.agentReadinessTestUrl}>Take the AI-agent readiness test</ExternalLink> and fix
              the top three issues it finds.
            </p>
          </Step>

          <Cta>
            <h2>Start with step zero: an honest first opinion</h2>
            <p>Before you build anything, run the idea past Val. It is free, takes a minute and needs no signup.</p>
            <CtaButton as={Link} to={VALIDATION_SECTION_HREF} data-testid="try-validation">
              Try AI Validation Free
            </CtaButton>
          </Cta>

          <p style={{ color: 'inherit' }}>
            Questions about the method? I share what I learn most days on <ExternalLink href={VALIDATION_ARTICLE.professionalNetworkUrl}>LinkedIn</ExternalLink>
            , and you can always <Link to="/about#contact">write to me</Link>.
          </p>
        </Article>
      </Container>
    </Section>
  );
}
