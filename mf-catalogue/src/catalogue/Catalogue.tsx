import { useState } from 'react';
import styled from 'styled-components';
import type { CatalogueProduct } from '@val/contracts';
import { CATALOGUE } from '@val/content';
import { Heading, Muted, t } from '@val/ui';
import { ProductCard } from './ProductCard';
import { PurchaseDialog } from './PurchaseDialog';

const Head = styled.header`
  text-align: center;
  max-width: 720px;
  margin: 0 auto 28px;
  p {
    margin: 0;
    font-size: 1.05rem;
  }
`;

const Eyebrow = styled.p`
  color: ${t.primaryInk};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-size: 0.8rem !important;
  margin: 0 0 8px !important;
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 18px;
`;

/** The eight research reports as cards; a card opens the purchase dialog. */
export function Catalogue({ apiBase = '', headingLevel = 'h2' }: { apiBase?: string; headingLevel?: 'h1' | 'h2' }) {
  const [open, setOpen] = useState<CatalogueProduct | null>(null);
  return (
    <section aria-labelledby="catalogue-heading">
      <Head>
        <Eyebrow>AI research reports</Eyebrow>
        <Heading as={headingLevel} id="catalogue-heading">
          Research a consultant would charge thousands for
        </Heading>
        <Muted>Eight reports, each written by a team of AI agents working in parallel. One-time payment, no subscription, delivered by email.</Muted>
      </Head>
      <Cards>
        {CATALOGUE.map((p) => (
          <ProductCard key={p.id} product={p} onOpen={setOpen} />
        ))}
      </Cards>
      {open && <PurchaseDialog product={open} apiBase={apiBase} onClose={() => setOpen(null)} />}
    </section>
  );
}
