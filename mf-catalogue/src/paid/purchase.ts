import { PAID_STORAGE_KEYS, type ProductInputs } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/contracts/evidence';
import { loadPaidConfig } from './config';
import { goToCheckout, local, paidUrls, savePendingPurchase, session } from './flow';

/**
 * Hands a catalogue purchase over to the paid flow: with a stored email straight to the checkout
 * (form POST with the product and its inputs), otherwise through sign-in first (the purchase
 * waits in sessionStorage and /log sends it to the checkout after the callback).
 */
export async function startPaidPurchase(productId: string, inputs: ProductInputs, apiBase = ''): Promise<void> {
  const urls = paidUrls(await loadPaidConfig(apiBase));
  const store = local();
  const purchase = { product: productId, inputs };
  if (store.getItem(PAID_STORAGE_KEYS.email)) {
    goToCheckout(urls.checkoutForm, store, purchase, undefined, readStoredInterviewEvidence(store));
    return;
  }
  savePendingPurchase(session(), purchase);
  window.location.assign(urls.login);
}
