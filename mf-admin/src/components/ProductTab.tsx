import { countOf, plural, type DailyClicks, type ProductStat, type StatsRange } from '@val/contracts';
import { getAnyProduct } from '@val/content';
import { Badge } from '@val/ui';
import { formatDate, formatNumber } from '../format';
import { DailyChart } from './DailyChart';
import { Empty, List, Metric, Metrics, Panel, Rank, Row, StatCard, StatGrid, Who } from './parts';

/** The catalogue title of a product id (the id itself when unknown). */
const productName = (id: string) => getAnyProduct(id)?.title ?? id;

/** The 'Product Clicks' tab: three summary cards, clicks per day, the ranked product list. */
export function ProductTab({ stats, daily, range, loading }: { stats: ProductStat[] | null; daily: DailyClicks[]; range: StatsRange; loading: boolean }) {
  const list = stats ?? [];
  const totalClicks = list.reduce((n, s) => n + s.clickCount, 0);
  const totalInputs = list.reduce((n, s) => n + s.totalInputs, 0);
  const top = list[0];
  return (
    <div data-testid="product-tab">
      <StatGrid>
        <StatCard testId="total-product-clicks" label="Total Product Clicks" value={formatNumber(totalClicks)} />
        <StatCard
          testId="most-popular-product"
          label="Most Popular Product"
          value={top ? productName(top.product) : 'None'}
          sub={top ? countOf(top.clickCount, 'click') : undefined}
        />
        <StatCard testId="total-user-inputs" label="Total User Inputs" value={formatNumber(totalInputs)} sub={plural(totalInputs, 'form submission')} />
      </StatGrid>
      {list.length > 0 && (
        <Panel>
          <DailyChart label="Product clicks per day" points={daily} from={range.from} to={range.to} />
        </Panel>
      )}
      <Panel>
        <h3>Product Performance</h3>
        {stats === null && loading ? (
          <Empty>Loading product analytics...</Empty>
        ) : list.length === 0 ? (
          <Empty>No product clicks tracked yet. Product engagement will appear here once users interact with the research products.</Empty>
        ) : (
          <List data-testid="product-list">
            {list.map((s, i) => (
              <Row key={`${s.product}/${s.location}`} data-testid="product-row" data-toast-avoid={i === 0 ? '' : undefined}>
                <Rank>#{i + 1}</Rank>
                <Who>
                  <div className="name" title={s.product}>
                    {productName(s.product)}
                  </div>
                  <div className="meta">
                    <Badge>{s.location}</Badge>
                    {s.lastClicked && <span>Last clicked: {formatDate(s.lastClicked)}</span>}
                  </div>
                </Who>
                <Metrics>
                  <Metric value={s.clickCount} label={plural(s.clickCount, 'Click')} />
                  <Metric value={s.totalInputs} label={plural(s.totalInputs, 'Input')} />
                  <Metric value={s.uniqueEmails} label={plural(s.uniqueEmails, 'Email')} />
                </Metrics>
              </Row>
            ))}
          </List>
        )}
      </Panel>
    </div>
  );
}
