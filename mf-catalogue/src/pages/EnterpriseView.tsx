import styled from 'styled-components';
import { ENTERPRISE_CONTACT_HREF, formatRuntime } from '@val/contracts';
import { ENTERPRISE_PRODUCTS } from '@val/content';
import { Badge, ButtonLink, Card, Heading, Muted, t } from '@val/ui';

const Head = styled.header`
  max-width: 760px;
  margin-bottom: 28px;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 18px;
`;

const Product = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h2 {
    margin: 4px 0 0;
    font-size: 1.35rem;
  }
  p {
    margin: 0;
  }
  h3 {
    margin: 8px 0 4px;
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${t.textMuted};
  }
  ul {
    margin: 0;
    padding-left: 18px;
  }
  li {
    margin: 3px 0;
  }
  li span {
    color: ${t.textMuted};
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 14px;
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
  .meta strong {
    color: ${t.text};
  }
`;

const Cta = styled(Card)`
  margin-top: 28px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  h2 {
    margin: 0 0 6px;
    font-size: 1.3rem;
  }
  p {
    margin: 0;
  }
`;

/** /enterprise: the two enterprise reports and a contact call-to-action. */
export function EnterpriseView() {
  return (
    <>
      <Head>
        <Badge $tone="accent">Enterprise</Badge>
        <Heading as="h1" style={{ marginTop: 12 }}>
          Research teams of AI agents, for your whole organisation
        </Heading>
        <Muted>
          Two reports built for strategy, product and innovation teams: the same multi-agent engine as our catalogue, with your competitors, segments and
          strategy as inputs.
        </Muted>
      </Head>
      <Grid>
        {ENTERPRISE_PRODUCTS.map((p) => (
          <Product as="article" key={p.id} data-testid={`enterprise-${p.id}`}>
            <div>
              <Badge $tone="purple">{p.category}</Badge>
            </div>
            <h2>{p.title}</h2>
            <p>{p.description}</p>
            <div className="meta">
              <span>
                <strong>{p.agents.length}</strong> AI agents
              </span>
              <span>
                <strong>{p.sources.length}</strong> sources
              </span>
              <span>{formatRuntime(p.runtimeSeconds)}</span>
              <span>
                <strong>{p.pricing}</strong>
              </span>
            </div>
            <h3>Inputs</h3>
            <ul>
              {p.inputs.map((i) => (
                <li key={i.name}>
                  <strong>{i.name}</strong> <span>— {i.description}</span>
                </li>
              ))}
            </ul>
            <h3>Agents</h3>
            <ul>
              {p.agents.map((a) => (
                <li key={a.id}>
                  <strong>{a.name}</strong> <span>— {a.description}</span>
                </li>
              ))}
            </ul>
          </Product>
        ))}
      </Grid>
      <Cta>
        <div>
          <h2>Talk to us about your team</h2>
          <Muted>Tell us your industry, competitors and the decisions ahead. We reply within two working days with a proposal and pricing.</Muted>
        </div>
        <ButtonLink href={ENTERPRISE_CONTACT_HREF}>Contact sales</ButtonLink>
      </Cta>
    </>
  );
}
