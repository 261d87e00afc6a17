import styled from 'styled-components';
import { plural, formatPrice, formatRuntime, savingsPercent, type CatalogueProduct } from '@val/contracts';
import { Badge, Button, Card, t } from '@val/ui';

const Wrap = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
  height: 100%;
  transition:
    transform 140ms ease,
    border-color 140ms ease;
  &:hover {
    transform: translateY(-2px);
    border-color: ${t.primary};
  }
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1.2rem;
`;

const Desc = styled.p`
  margin: 0;
  color: ${t.textMuted};
  font-size: 0.95rem;
  flex: 1;
`;

const Meta = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 14px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.85rem;
  color: ${t.textMuted};
  strong {
    color: ${t.text};
  }
`;

export const PriceRow = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 8px 10px;
  .price {
    font-size: 1.7rem;
    font-weight: 800;
    color: ${t.text};
  }
  s {
    color: ${t.textMuted};
    font-size: 1rem;
  }
  .save {
    font-size: 0.8rem;
    font-weight: 700;
    color: ${t.success};
    border: 1px solid ${t.success};
    border-radius: 999px;
    padding: 1px 8px;
  }
`;

/** One product of the catalogue: category, title, description, counts, price with the saving. */
export function ProductCard({ product, onOpen }: { product: CatalogueProduct; onOpen: (p: CatalogueProduct) => void }) {
  return (
    <Wrap as="article" data-testid={`product-${product.id}`} aria-labelledby={`product-title-${product.id}`}>
      <div>
        <Badge $tone="purple">{product.category}</Badge>
      </div>
      <Title id={`product-title-${product.id}`}>{product.title}</Title>
      <Desc>{product.description}</Desc>
      <Meta>
        <li>
          <strong>{product.agents.length}</strong> {plural(product.agents.length, 'AI agent')}
        </li>
        <li>
          <strong>{product.sources.length}</strong> {plural(product.sources.length, 'source')}
        </li>
        <li>{formatRuntime(product.runtimeSeconds)} runtime</li>
      </Meta>
      <PriceRow>
        <span className="price">{formatPrice(product.price)}</span>
        <s aria-label={`was ${formatPrice(product.originalPrice)}`}>{formatPrice(product.originalPrice)}</s>
        <span className="save">Save {savingsPercent(product.price, product.originalPrice)}%</span>
      </PriceRow>
      <Button type="button" $block onClick={() => onOpen(product)}>
        View details
      </Button>
    </Wrap>
  );
}
