import { filledFieldCount, PURCHASE_TEXTS, type BasisInput, type CatalogueProduct, type ProductInputs } from '@val/contracts';
import { createValApi } from '@val/client';
import { startPaidPurchase } from '../paid/purchase';

/** The email stored by sign-in (spec browser storage key `email`), if any. */
function storedEmail(): string | undefined {
  try {
    return window.localStorage.getItem('email') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a fire-and-forget `POST /api/track-product-click` {product, location: 'purchase', inputs}
 * (inputs = count of filled fields; the stored email too, for unique-email counts). Failures are
 * only logged.
 */
export function trackPurchaseClick(product: CatalogueProduct, inputs: ProductInputs, apiBase = ''): void {
  const email = storedEmail();
  const body = { product: product.id, location: 'purchase' as const, inputs: filledFieldCount(product, inputs), ...(email ? { email } : {}) };
  // keepalive: the request outlives the page if the hand-over to sign-in or checkout leaves it first.
  createValApi({ baseUrl: apiBase })
    .request('trackProductClick', { body }, { keepalive: true })
    .catch((err: unknown) => console.error('track-product-click failed', err));
}

/**
 * Starts a purchase of a catalogue product with its (already checked) inputs: tracks the click,
 * shows the spec's thank-you alert, then hands over to the paid flow (sign-in + checkout).
 */
export async function startPurchase(product: CatalogueProduct, inputs: ProductInputs, apiBase = '', basis?: BasisInput): Promise<void> {
  trackPurchaseClick(product, inputs, apiBase);
  window.alert(PURCHASE_TEXTS.thankYou(product.title));
  // Hand-over to the paid flow: sign-in if needed, then the checkout of this product and inputs.
  await startPaidPurchase(product.id, inputs, apiBase, basis);
}
