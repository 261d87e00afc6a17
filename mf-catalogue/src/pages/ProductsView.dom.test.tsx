import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE, NEWSLETTER, TESTIMONIALS } from '@val/content';
import { PAID_STORAGE_KEYS, PURCHASE_TEXTS } from '@val/contracts';
import { renderPage, startTestApp, tableRows, type BffTestApp } from '../test/bff';
import { ProductsView } from './ProductsView';

/*
 * /products against the real BFF: the catalogue, testimonials and newsletter; a card's purchase
 * dialog, its input form ('Get This Report' → 'Proceed to Checkout'), the spec's alerts, the click
 * the BFF records, and the hand-over to the checkout (a form POST of the product and its inputs).
 */

jest.setTimeout(30000);

let app: BffTestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
});
afterAll(() => app.close());

let alerts: jest.SpyInstance;
let errors: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.VAL_TEST_ORIGIN = app.url;
  alerts = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  // jsdom does not navigate: the checkout's form POST is reported as "not implemented".
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  delete window.VAL_TEST_ORIGIN;
  alerts.mockRestore();
  errors.mockRestore();
});

it('shows the catalogue as the page heading, every product, the testimonials and the newsletter', () => {
  renderPage(<ProductsView apiBase={app.url} />, { path: '/products' });
  expect(screen.getByRole('heading', { level: 1, name: 'Research a consultant would charge thousands for' })).toBeTruthy();
  for (const p of CATALOGUE) expect(screen.getByTestId(`product-${p.id}`)).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'What founders say' })).toBeTruthy();
  for (const q of TESTIMONIALS) expect(screen.getByText(`“${q.quote}”`)).toBeTruthy();
  const subscribe = screen.getByRole('link', { name: 'Subscribe free' });
  expect(subscribe.getAttribute('href')).toBe(NEWSLETTER.url);
  expect(subscribe.getAttribute('target')).toBe('_blank');
});

it("a purchase: details, 'Get This Report', the required inputs, then the thank-you alert, the click recorded and the checkout with the product and inputs", async () => {
  const product = CATALOGUE.find((p) => p.fields.length >= 1)!;
  localStorage.setItem(PAID_STORAGE_KEYS.email, 'kim@example.com');
  const user = userEvent.setup();
  renderPage(<ProductsView apiBase={app.url} />, { path: '/products' });
  await user.click(within(screen.getByTestId(`product-${product.id}`)).getByRole('button', { name: 'View details' }));
  const dialog = screen.getByRole('dialog', { name: product.title });
  await user.click(within(dialog).getByRole('button', { name: PURCHASE_TEXTS.getReport }));
  const form = within(dialog).getByRole('form', { name: 'Report inputs' });
  await user.click(within(form).getByRole('button', { name: PURCHASE_TEXTS.proceed }));
  expect(alerts).toHaveBeenCalledWith(PURCHASE_TEXTS.missingFields);
  expect(await tableRows(app, 'product_click_events')).toEqual([]);

  const inputs = Object.fromEntries(product.fields.map((f, i) => [f.name, `Answer ${i + 1}`]));
  for (const f of product.fields) await user.type(within(form).getByRole('textbox', { name: f.label }), `  ${inputs[f.name]} `);
  await user.click(within(form).getByRole('button', { name: PURCHASE_TEXTS.proceed }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(alerts).toHaveBeenLastCalledWith(PURCHASE_TEXTS.thankYou(product.title));
  const checkout = document.querySelector('form[method="post"]') as HTMLFormElement;
  expect(checkout.getAttribute('action')).toBe('/api/checkout/session');
  const field = (name: string) => (checkout.elements.namedItem(name) as HTMLInputElement).value;
  expect(field('email')).toBe('kim@example.com');
  expect(field('product')).toBe(product.id);
  expect(JSON.parse(field('inputs'))).toEqual(inputs);
  await waitFor(async () =>
    expect(await tableRows(app, 'product_click_events')).toMatchObject([{ product: product.id, location: 'purchase', inputs: product.fields.length }]),
  );
});
