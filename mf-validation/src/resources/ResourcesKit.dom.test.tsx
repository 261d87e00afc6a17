import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PARTNER_TOOLS, RESOURCE_CATEGORIES, type ValidationData } from '@val/contracts';
import { renderInPage, servePageFrom, startBff, type RealBff } from '../test/dom';
import { ResourcesKit } from './ResourcesKit';

/* Step 2 as a visitor sees it: locked before a validation, the partner tools after; clicks reach the real BFF. */

const validation: ValidationData = { idea: 'A meal planner', targetCustomer: 'Busy parents', problemSolved: 'Food waste', feedback: '## Score\n7/10' };

let bff: RealBff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff.close());
beforeEach(() => servePageFrom(bff.url));

describe('Your Startup Resources Kit', () => {
  it('is locked before step 1: it says how to unlock it and lists the categories, with no tools', () => {
    renderInPage(<ResourcesKit validation={null} />);
    expect(screen.getByRole('heading', { name: 'Your Startup Resources Kit' })).toBeTruthy();
    const locked = screen.getByTestId('resources-locked');
    expect(within(locked).getByRole('heading', { name: 'Complete Step 1 to unlock your kit' })).toBeTruthy();
    const categories = within(screen.getByRole('list', { name: 'Resource categories' })).getAllByRole('listitem');
    expect(categories.map((li) => li.textContent)).toEqual([...RESOURCE_CATEGORIES]);
    expect(screen.queryByRole('list', { name: 'Partner tools' })).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('after a validation lists every partner tool with its “Try” link opening in a new tab, four highlighted', () => {
    renderInPage(<ResourcesKit validation={validation} />);
    expect(screen.queryByTestId('resources-locked')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Partner tools' })).getAllByRole('listitem');
    expect(cards).toHaveLength(PARTNER_TOOLS.length);
    for (const tool of PARTNER_TOOLS) {
      const card = screen.getByTestId(`partner-${tool.company}`);
      expect(within(card).getByRole('heading', { name: tool.title })).toBeTruthy();
      expect(within(card).getByText(tool.category)).toBeTruthy();
      expect(within(card).getByText(tool.description)).toBeTruthy();
      const link = within(card).getByRole('link', { name: `Try ${tool.name}` });
      expect(link.getAttribute('href')).toBe(tool.url);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(card.getAttribute('data-highlighted')).toBe(String(tool.highlighted));
    }
    expect(PARTNER_TOOLS.filter((t) => t.highlighted)).toHaveLength(4);
  });

  it('records a click on a tool’s “Try” link at the API', async () => {
    const user = userEvent.setup();
    const [tool] = PARTNER_TOOLS;
    renderInPage(<ResourcesKit validation={validation} />);
    await user.click(screen.getByRole('link', { name: `Try ${tool.name}` }));
    await waitFor(async () => {
      await bff.deps.services.analytics.writer.flush();
      expect(await bff.deps.db.knex('link_click_events').select('company', 'link_type', 'url')).toEqual([
        { company: tool.company, link_type: 'button', url: tool.url },
      ]);
    });
  });
});
