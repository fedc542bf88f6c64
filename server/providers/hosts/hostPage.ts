import { GCASH_SPEC, type SuperAppSpec } from './superApps';

/**
 * The super-app host simulator's page (/sim/host/gcash), development and tests only: GCash's mini-program
 * container around our app in a web view (an iframe), and its JS bridge over postMessage. Messages use the
 * envelope `{ v: 1, type, id, payload }`; the host answers only its own frame (event.source), only our
 * app's exact origin (event.origin), and only a well-formed envelope; it sends with that exact origin.
 * getAuthCode: auth_base silently, auth_user after the consent sheet. tradePay: the pay sheet, whose
 * buttons are the player's choices and the faults a test can ask for (8000, 6002, 6004, 4000).
 */

export const HOST_PAGE_PATH = GCASH_SPEC.pagePath;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function hostPageHtml(appPath: string, spec: SuperAppSpec = GCASH_SPEC): string {
  const base = spec.pagePath;
  const brand = escape(spec.brand);
  const users = spec.users.map((user) => `<option value="${user.userId}">${escape(user.name)} · ${escape(user.mobile)}</option>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${brand} host simulator · Panalo</title><link rel="stylesheet" href="${base}/host.css"></head><body>
<header class="bar"><strong>${brand}</strong><span class="tag">mini-program host · simulator</span>
<label>User <select id="host-user">${users}</select></label></header>
<iframe id="miniapp" title="Panalo mini program" src="${escape(appPath)}"></iframe>
<section id="consent" class="sheet" role="dialog" aria-modal="true" aria-labelledby="consent-title" hidden>
<h2 id="consent-title">Panalo would like to</h2><p>Get your ${brand} account information: your name and mobile number.</p>
<div class="row"><button type="button" id="consent-deny">Deny</button><button type="button" id="consent-allow" class="primary">Allow</button></div></section>
<section id="paysheet" class="sheet" role="dialog" aria-modal="true" aria-labelledby="pay-title" hidden>
<h2 id="pay-title">Pay with ${brand}</h2><p id="pay-amount"></p><p class="note">To: Panalo</p>
<div class="row"><button type="button" data-choice="cancel">Cancel</button><button type="button" data-choice="pay" class="primary">Pay</button></div>
<details><summary>Simulate a fault</summary><div class="row">
<button type="button" data-choice="processing">Processing (8000)</button><button type="button" data-choice="unknown">Unknown (6004)</button>
<button type="button" data-choice="networkError">Network error (6002)</button><button type="button" data-choice="fail">Declined (4000)</button></div></details></section>
<script src="${base}/host.js"></script></body></html>`;
}

export const hostPageCss = (
  spec: SuperAppSpec = GCASH_SPEC,
) => `*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,sans-serif;background:${spec.color};display:flex;flex-direction:column;height:100vh}
.bar{display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:8px 12px;color:#fff}.bar strong{font-size:18px}.tag{font-size:12px;opacity:.9}
.bar label{margin-left:auto;font-size:12px}.bar select{max-width:190px}
iframe{flex:1;border:0;width:100%;background:#fff}
.sheet{position:fixed;left:0;right:0;bottom:0;background:#fff;border-radius:16px 16px 0 0;padding:16px 16px 24px;box-shadow:0 -8px 24px rgba(0,0,0,.3)}
.sheet h2{margin:0 0 8px;font-size:18px}.row{display:flex;gap:8px;flex-wrap:wrap;margin-top:12px}
.row button{flex:1;min-height:44px;border-radius:8px;border:1px solid ${spec.color};background:#fff;color:${spec.color};font:inherit}
.row button.primary{background:${spec.color};color:#fff}.note{color:#444;font-size:13px}#pay-amount{font-size:24px;font-weight:700;margin:4px 0}`;

/** The bridge, in the host's page. */
export const hostPageJs = (spec: SuperAppSpec = GCASH_SPEC) => `(() => {
  'use strict';
  const frame = document.getElementById('miniapp');
  const APP_ORIGIN = location.origin;
  const userSelect = document.getElementById('host-user');
  // ?mobile=+63… adds a host user with that number (a test's new player), chosen.
  const mobile = new URLSearchParams(location.search).get('mobile');
  const added = mobile && /^\\+63\\d{10}$/.test(mobile);
  if (added) userSelect.add(new Option('${spec.brand} user · ' + mobile, 'P' + mobile.slice(1), true, true), 0);
  const USER_KEY = 'simHostUser:${spec.name}';
  const saved = sessionStorage.getItem(USER_KEY);
  if (!added && saved && [...userSelect.options].some((o) => o.value === saved)) userSelect.value = saved;
  userSelect.addEventListener('change', () => sessionStorage.setItem(USER_KEY, userSelect.value));

  const isEnvelope = (m) => m && typeof m === 'object' && m.v === 1 && typeof m.type === 'string' && typeof m.id === 'string'
    && /^[\\w-]{1,64}$/.test(m.id) && m.payload && typeof m.payload === 'object' && !Array.isArray(m.payload);
  const reply = (id, type, payload) => frame.contentWindow.postMessage({ v: 1, type, id, payload }, APP_ORIGIN);
  const post = async (path, body) => {
    const answer = await fetch('${spec.pagePath}/bridge/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return answer.json();
  };
  const ask = (sheet, buttons) => new Promise((resolve) => {
    sheet.hidden = false;
    const done = (value) => { sheet.hidden = true; buttons.forEach((b) => b.removeEventListener('click', b._h)); resolve(value); };
    buttons.forEach((b) => { b._h = () => done(b.dataset.choice || b.id); b.addEventListener('click', b._h); });
    buttons[buttons.length - 1].focus();
  });

  async function getAuthCode(payload) {
    const scopes = Array.isArray(payload.scopes) ? payload.scopes.filter((s) => typeof s === 'string') : [];
    let consented = false;
    if (scopes.includes('auth_user')) {
      const sheet = document.getElementById('consent');
      const choice = await ask(sheet, [document.getElementById('consent-deny'), document.getElementById('consent-allow')]);
      if (choice !== 'consent-allow') return { error: 'USER_CANCELLED' };
      consented = true;
    }
    return post('authCode', { userId: userSelect.value, scopes, consented });
  }

  async function tradePay(payload) {
    const match = typeof payload.paymentUrl === 'string' && /\\/sim\\/host\\/${spec.name}\\/pay\\/(pay_[0-9a-f]{32})$/.exec(payload.paymentUrl);
    if (!match) return { resultCode: '4000' };
    const info = await post('payment', { paymentId: match[1] });
    if (!info.amount) return { resultCode: '4000' };
    document.getElementById('pay-amount').textContent = '\\u20b1' + (info.amount / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 });
    const sheet = document.getElementById('paysheet');
    const choice = await ask(sheet, [...sheet.querySelectorAll('button[data-choice]')]);
    return post('tradePay', { paymentId: match[1], choice });
  }

  window.addEventListener('message', async (event) => {
    // Only our mini program's frame, only its exact origin, only the envelope.
    if (event.source !== frame.contentWindow || event.origin !== APP_ORIGIN || !isEnvelope(event.data)) return;
    const { type, id, payload } = event.data;
    try {
      if (type === 'getAuthCode') reply(id, 'getAuthCode.result', await getAuthCode(payload));
      else if (type === 'tradePay') reply(id, 'tradePay.result', await tradePay(payload));
      else reply(id, type + '.result', { error: 'UNKNOWN_API' });
    } catch (error) {
      reply(id, type + '.result', { error: 'HOST_ERROR' });
    }
  });
})();
`;
