import { PAID_STORAGE_KEYS, type BasisInput, type ProductInputs } from '@val/contracts';
import { readStoredInterviewEvidence } from '@val/client/browser';
import { loadPaidConfig } from './config';
import { goToCheckout, local, paidUrls, savePendingPurchase, savePurchaseBasis, session } from './flow';

/**
 * Hands a catalogue purchase over to the paid flow: with a stored email straight to the checkout
 * (form POST with the product and its inputs), otherwise through sign-in first. The purchase
 * waits in sessionStorage either way: when the checkout sends the browser to sign in again (the
 * server-side sign-in ended), /log sends it to the checkout after the callback.
 */
export async function startPaidPurchase(productId: string, inputs: ProductInputs, apiBase = '', basis?: BasisInput): Promise<void> {
  const urls = paidUrls(await loadPaidConfig(apiBase));
  const store = local();
  // The founder's basis waits in localStorage, like step 3's interviews, and goes with the report's start.
  savePurchaseBasis(store, basis);
  const purchase = { product: productId, inputs };
  savePendingPurchase(session(), purchase);
  if (store.getItem(PAID_STORAGE_KEYS.email)) {
    goToCheckout(urls.checkoutForm, store, purchase, undefined, readStoredInterviewEvidence(store));
    return;
  }
  window.location.assign(urls.login);
}
