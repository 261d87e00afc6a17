import styled from 'styled-components';
import {
  PARTNER_TOOLS,
  RESOURCE_CATEGORIES,
  RESOURCE_CATEGORY_ACTIONS,
  countInWords,
  listInWords,
  plural,
  type PartnerTool,
  type ResourcesKitProps,
} from '@val/contracts';
import { Badge, ButtonLink, Card, Heading, Muted, t } from '@val/ui';
import { trackClick } from '../lib/api';
import { SectionIntro as Intro, SectionRoot as Root } from '../lib/sectionLayout';
import { PartnerLogo } from './PartnerLogo';

const Locked = styled(Card)`
  border-style: dashed;
  box-shadow: none;
  text-align: center;
  padding: 36px 20px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  h3 {
    margin: 4px 0 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    max-width: 560px;
  }
`;
const LockIcon = styled.span`
  display: inline-flex;
  width: 52px;
  height: 52px;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
  color: ${t.textMuted};
`;
const Categories = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px;
  li {
    padding: 6px 12px;
    border-radius: 999px;
    border: 1px solid ${t.border};
    background: ${t.bgSunken};
    font-size: 0.9rem;
    color: ${t.text};
  }
`;
const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(250px, 1fr));
  gap: 16px;
`;
const ToolCard = styled(Card)`
  height: 100%;
  border-width: 2px;
  display: flex;
  flex-direction: column;
  gap: 10px;
  h3 {
    margin: 0;
    font-size: 1.08rem;
    line-height: 1.3;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    font-size: 0.93rem;
    flex: 1;
  }
`;
const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
`;
const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;
const Category = styled.span`
  font-size: 0.72rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${t.textMuted};
`;
const LogoLink = styled.a`
  display: inline-flex;
  border-radius: 12px;
  line-height: 0;
`;
const Name = styled.span`
  font-weight: 700;
  font-size: 1rem;
  color: ${t.text};
`;
const Perk = styled.span`
  align-self: flex-start;
  font-size: 0.82rem;
  font-weight: 700;
  color: ${t.purpleInk};
`;
const Try = styled(ButtonLink)`
  margin-top: 4px;
`;

function LockGlyph() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function Tool({ tool, apiBase }: { tool: PartnerTool; apiBase: string }) {
  return (
    <li>
      <ToolCard $highlight={tool.highlighted} data-testid={`partner-${tool.company}`} data-highlighted={tool.highlighted ? 'true' : 'false'}>
        <Top>
          <LogoLink
            href={tool.logoUrl}
            target="_blank"
            rel="noopener noreferrer"
            title={`${tool.name} website`}
            onClick={() => trackClick(apiBase, { company: tool.company, linkType: 'logo', url: tool.logoUrl })}
          >
            {/* Named by its text, not an aria-label: the monogram's letters are not the whole name. */}
            <PartnerLogo tool={tool} decorative />
            <span className="sr-only">{`${tool.name} website`}</span>
          </LogoLink>
          <Who>
            <Name>{tool.name}</Name>
            <Category>{tool.category}</Category>
          </Who>
        </Top>
        <h3>{tool.title}</h3>
        <p>{tool.description}</p>
        {tool.perk && <Perk>{tool.perk}</Perk>}
        <Try
          href={tool.url}
          target="_blank"
          rel="noopener noreferrer sponsored"
          $variant={tool.highlighted ? 'primary' : 'secondary'}
          onClick={() => trackClick(apiBase, { company: tool.company, linkType: 'button', url: tool.url })}
        >
          Try {tool.name}
        </Try>
      </ToolCard>
    </li>
  );
}

/** "Seven hand-picked tools": the count of partner tools, in words. */
const handPicked = (tools: ReadonlyArray<PartnerTool>, capital = false) =>
  `${countInWords(tools.length, { capital })} hand-picked ${plural(tools.length, 'tool')}`;

/** What the categories of the tools help with, in the categories' order: "build, grow an audience, … and learn". */
const actions = (tools: ReadonlyArray<PartnerTool>) =>
  listInWords(RESOURCE_CATEGORIES.filter((c) => tools.some((t) => t.category === c)).map((c) => RESOURCE_CATEGORY_ACTIONS[c]));

/** Step 2, Your Startup Resources Kit: locked until step 1 is done, then the partner tools. */
export function ResourcesKit({ validation, apiBase = '' }: ResourcesKitProps) {
  return (
    <Root data-remote="validation" data-view="resources">
      <Intro>
        <Badge $tone="purple" data-step-pill>
          Step 2
        </Badge>
        <Heading>Your Startup Resources Kit</Heading>
        {validation && <Muted>{`${handPicked(PARTNER_TOOLS, true)} to act on Val’s next steps: ${actions(PARTNER_TOOLS)}.`}</Muted>}
      </Intro>
      {validation ? (
        <Cards aria-label="Partner tools">
          {PARTNER_TOOLS.map((tool) => (
            <Tool key={tool.company} tool={tool} apiBase={apiBase} />
          ))}
        </Cards>
      ) : (
        <Locked data-testid="resources-locked">
          <LockIcon>
            <LockGlyph />
          </LockIcon>
          <h3>Complete Step 1 to unlock your kit</h3>
          <p>{`Validate your idea in the lab above and Val unlocks ${handPicked(PARTNER_TOOLS)} for your next steps:`}</p>
          <Categories aria-label="Resource categories">
            {RESOURCE_CATEGORIES.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Categories>
        </Locked>
      )}
    </Root>
  );
}
