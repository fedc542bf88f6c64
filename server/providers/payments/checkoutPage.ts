import type { CheckoutSimulator } from './checkouts';
import type { SimCheckout } from './records';

/**
 * The simulator's hosted checkout page (development and tests only, mounted under /sim/…): the amount,
 * the merchant, when it expires, and Pay / Cancel as buttons of a plain form POST, so it works under the
 * app's strict CSP (no inline script or style; the CSS is a file at CHECKOUT_CSS_PATH). Note that CSP
 * form-action also applies to the redirect after the POST: the return URLs must be on this origin.
 */

export const CHECKOUT_CSS_PATH = '/sim/checkout.css';

export const CHECKOUT_PAGE_CSS = `body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#eef2f7;color:#1b2430}
main{max-width:420px;margin:0 auto;padding:24px 16px;display:flex;flex-direction:column;gap:12px}
.brand{font-weight:700;font-size:20px}.tag{font-size:12px;background:#ffe7a3;border-radius:4px;padding:2px 6px;margin-left:6px}
.amount{font-size:32px;font-weight:700;margin:0}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:4px 12px;margin:0}dt{color:#5b6675}dd{margin:0;overflow-wrap:anywhere}
form{display:flex;flex-direction:column;gap:10px;margin-top:12px}button{font:inherit;padding:14px;border-radius:10px;border:0;min-height:48px}
.pay{background:#0a5bd8;color:#fff;font-weight:700}.cancel{background:#fff;color:#1b2430;border:1px solid #c5cdd8}
.note{background:#fff;border-radius:10px;padding:12px}a{color:#0a5bd8}`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 123456 → "₱1,234.56", in whole centavos. */
export function pesos(centavos: number): string {
  const whole = Math.floor(centavos / 100).toLocaleString('en-PH');
  return `₱${whole}.${String(centavos % 100).padStart(2, '0')}`;
}

const manilaTime = (at: number) =>
  new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' }).format(at);

const ENDED: Record<string, string> = {
  processing: 'Your payment is being processed. You can go back to the merchant.',
  paid: 'This checkout is paid.',
  failed: 'This payment failed. Go back to the merchant to try again.',
  expired: 'This checkout has expired. Go back to the merchant to start a new one.',
  cancelled: 'You cancelled this payment.',
};

export interface CheckoutPageView {
  checkoutId: string;
  brand: string;
  merchant: string;
  checkout: SimCheckout;
  /** Where the form posts (the page's own address). */
  formAction: string;
  now: number;
}

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><link rel="stylesheet" href="${CHECKOUT_CSS_PATH}"></head><body><main>${content}</main></body></html>`;
}

export function renderCheckoutPage(view: CheckoutPageView): string {
  const { checkout, brand, merchant } = view;
  const expired = checkout.stage !== 'paid' && checkout.stage !== 'processing' && view.now >= checkout.expiresAt;
  const stage = expired ? 'expired' : checkout.stage;
  const payable = stage === 'open' || stage === 'attempt-failed';
  const head = `<p class="brand">${escape(brand)}<span class="tag">Simulator</span></p>
<h1>Pay ${escape(merchant)}</h1><p class="amount">${pesos(checkout.amount)}</p>
<dl><dt>Reference</dt><dd>${escape(checkout.reference)}</dd>
<dt>Expires</dt><dd><time datetime="${new Date(checkout.expiresAt).toISOString()}">${manilaTime(checkout.expiresAt)}</time></dd></dl>`;
  const retry = stage === 'attempt-failed' ? '<p class="note">Your last attempt failed. You can try again.</p>' : '';
  const actions = payable
    ? `<form method="post" action="${escape(view.formAction)}">
<button class="pay" type="submit" name="action" value="pay">Pay ${pesos(checkout.amount)}</button>
<button class="cancel" type="submit" name="action" value="cancel">Cancel</button></form>`
    : `<p class="note">${ENDED[stage] ?? ''}</p><a href="${escape(stage === 'paid' || stage === 'processing' ? checkout.returnUrls.success : checkout.returnUrls.failure)}">Back to ${escape(merchant)}</a>`;
  return page(`${brand} · Pay ${merchant}`, head + retry + actions);
}

export interface PageAnswer {
  status: number;
  html?: string;
  /** Send the player here (303 See Other). */
  redirectTo?: string;
}

const notFound: PageAnswer = { status: 404, html: page('Not found', '<h1>This checkout does not exist.</h1>') };

/** GET /sim/<provider>/checkout/<id>. */
export async function showCheckout(sim: CheckoutSimulator, checkoutId: string, now: number, merchant = 'Panalo'): Promise<PageAnswer> {
  const record = await sim.find(checkoutId);
  if (!record || record.data.provider !== sim.provider) return notFound;
  const formAction = `/sim/${sim.provider}/checkout/${encodeURIComponent(checkoutId)}`;
  return {
    status: 200,
    html: renderCheckoutPage({ checkoutId, brand: sim.profile.brand, merchant, checkout: record.data, formAction, now }),
  };
}

/**
 * POST /sim/<provider>/checkout/<id> with the form body (application/x-www-form-urlencoded). The player
 * goes back to the merchant's return URL; the money is credited by the webhook, never by this return.
 */
export async function submitCheckout(sim: CheckoutSimulator, checkoutId: string, formBody: string, now: number): Promise<PageAnswer> {
  const action = new URLSearchParams(formBody).get('action');
  if (action !== 'pay' && action !== 'cancel') {
    return { status: 400, html: page('Choose an action', '<h1>Tap Pay or Cancel.</h1>') };
  }
  const record = await sim.find(checkoutId);
  if (!record || record.data.provider !== sim.provider) return notFound;
  const after = action === 'pay' ? await sim.pay(checkoutId, now) : await sim.cancel(checkoutId, now);
  const { stage, returnUrls } = after.data;
  const to =
    stage === 'processing' || stage === 'paid' ? returnUrls.success : stage === 'cancelled' ? returnUrls.cancel : returnUrls.failure;
  return { status: 303, redirectTo: to };
}
