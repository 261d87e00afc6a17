import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION_INPUTS, VALIDATION_TEXT } from '@val/contracts';
import { dismissToast } from '@val/ui';
import { renderInPage, servePageFrom, startBff, type RealBff } from '../test/dom';
import { ValidationLab } from './ValidationLab';

/* The founder's basis on the validation page, against the real BFF (the offline analyst answers). */

const IDEA = {
  idea: 'A van that changes your tyres at the office while you work',
  targetCustomer: 'Commuters who drive to business parks',
  problemSolved: 'Changing tyres takes a morning off work twice a year',
};

let bff: RealBff;
beforeAll(async () => {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  bff = await startBff({ OFFLINE_AI_DELAY_MS: '0' });
});
afterAll(() => bff.close());
beforeEach(() => {
  servePageFrom(bff.url);
  window.localStorage.clear();
});
afterEach(() => act(() => dismissToast()));

const basisRow = (f: string) => within(screen.getByTestId('validation-basis')).getByText((_, el) => el?.getAttribute('data-basis') === f);

describe('the validation page’s basis', () => {
  it('the founder sets market, place and price before the answer, then changes the price under it: the sheet follows each time', async () => {
    const user = userEvent.setup();
    renderInPage(<ValidationLab validation={null} />);
    for (const f of VALIDATION_INPUTS) {
      await user.click(screen.getByLabelText(f.label));
      await user.paste(IDEA[f.name]);
    }
    // The spec's form is unchanged; the basis is an optional, collapsed addition.
    expect(screen.getByTestId('form-basis').hasAttribute('open')).toBe(false);
    await user.click(screen.getByText('Basis (optional)'));
    const market = (await screen.findByTestId('form-basis-market')) as HTMLSelectElement;
    expect(market.value).toBe('');
    await user.selectOptions(market, 'logistics');
    await user.type(screen.getByTestId('form-basis-place'), 'Germany');
    await user.type(screen.getByTestId('form-basis-price'), '30');
    await user.click(screen.getByRole('button', { name: VALIDATION_TEXT.submit }));

    await screen.findByTestId('validation-result', {}, { timeout: 20_000 });
    await screen.findByTestId('validation-basis', {}, { timeout: 10_000 });
    expect(basisRow('market').textContent).toBe('Marketchanged by youlogistics and mobility');
    expect(basisRow('place').textContent).toContain('Germany');
    expect(basisRow('price').textContent).toBe('Price a monthchanged by you€30');
    expect(basisRow('buyerKind').textContent).not.toContain('changed by you');
    expect(screen.getByTestId('validation-feedback').textContent).toContain('your price of €30 a month');

    // Under the answer: change the price; only what the founder chose is theirs.
    await user.click(screen.getByText('Change the basis'));
    const price = (await screen.findByTestId('change-basis-price')) as HTMLInputElement;
    expect(price.value).toBe('30');
    await user.clear(price);
    await user.type(price, '45');
    await user.click(screen.getByTestId('change-basis-submit'));
    await waitFor(() => expect(basisRow('price').textContent).toBe('Price a monthchanged by you€45'), { timeout: 20_000 });
    expect(basisRow('market').textContent).toContain('changed by you');
    expect(basisRow('buyerKind').textContent).not.toContain('changed by you');

    // One click back to what the words say.
    await user.click(screen.getByTestId('change-basis-reset'));
    await waitFor(() => expect(basisRow('price').textContent).not.toContain('changed by you'), { timeout: 20_000 });
    expect(basisRow('market').textContent).not.toContain('changed by you');
  }, 60_000);
});
