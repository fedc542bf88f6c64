import type { SocialProvider } from '../../../src/contract/social';
import { OIDC_SIM_ACCOUNTS, OIDC_SIM_PATH, SIM_FAULTS, type AuthorizeRequest, type SimFault } from './simulator';

/**
 * The simulated providers' account picker (the authorization endpoint's page, development and tests only):
 * choose one of the provider's accounts or add another by e-mail, optionally with trouble a client must
 * refuse, or cancel (the provider answers access_denied).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const OIDC_PAGE_CSS = `*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,sans-serif;background:#f1f3f4;color:#202124}
main{max-width:420px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh}h1{font-size:22px;margin:8px 0 4px}
.brand{font-weight:600;font-size:14px;color:#5f6368}.note{font-size:13px;color:#5f6368;margin:0 0 16px}
.account{display:flex;flex-direction:column;align-items:flex-start;width:100%;min-height:56px;padding:10px 14px;margin:0 0 8px;border:1px solid #dadce0;border-radius:8px;background:#fff;font:inherit;text-align:left;cursor:pointer;color:inherit}
.account span{font-size:13px;color:#5f6368}fieldset{border:1px solid #dadce0;border-radius:8px;margin:16px 0;padding:12px}
label{display:block;font-size:13px;margin:8px 0 4px}input,select{font:inherit;width:100%;min-height:44px;padding:8px;border:1px solid #80868b;border-radius:4px}
.primary{width:100%;min-height:44px;margin-top:12px;border:0;border-radius:22px;background:#1a73e8;color:#fff;font:inherit;cursor:pointer}
.apple .primary{background:#000}.cancel{display:inline-block;margin-top:16px;min-height:44px;padding:12px 0;color:#1a73e8}
.error{color:#b3261e}.accounts{margin-top:16px}`;

const FAULT_LABELS: Record<SimFault, string> = {
  none: 'None: a good ID token',
  wrongNonce: 'Another nonce in the ID token',
  unknownKey: 'Signed by a key not in the JWKS',
  otherAudience: 'ID token for another app (audience)',
  expired: 'An expired ID token',
  wrongIssuer: 'ID token from another issuer',
};

const TITLES: Record<SocialProvider, string> = { google: 'Sign in with Google', apple: 'Sign in with Apple' };

function head(provider: SocialProvider, title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · simulator</title><link rel="stylesheet" href="${OIDC_SIM_PATH}/sim.css"></head><body class="${provider}"><main>
<p class="brand">${provider === 'google' ? 'Google' : 'Apple'} · OpenID Connect simulator (development only)</p>`;
}

export function refusedPage(provider: SocialProvider, error: string): string {
  return `${head(provider, TITLES[provider])}<h1>Access blocked</h1><p class="error" role="alert">${escape(error)}</p></main></body></html>`;
}

export function pickerPage(provider: SocialProvider, request: AuthorizeRequest): string {
  const hidden = Object.entries({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    scope: request.scope,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
  const accounts = OIDC_SIM_ACCOUNTS[provider]
    .map(
      (account) =>
        `<button class="account" type="submit" name="account" value="${escape(account.sub)}"><strong>${escape(account.name)}</strong><span>${escape(account.email)}</span></button>`,
    )
    .join('');
  const faults = SIM_FAULTS.map((fault) => `<option value="${fault}">${escape(FAULT_LABELS[fault])}</option>`).join('');
  const cancel = new URL(request.redirectUri);
  cancel.searchParams.set('error', 'access_denied');
  cancel.searchParams.set('state', request.state);
  return `${head(provider, TITLES[provider])}<h1>Choose an account</h1><p class="note">to continue to Panalo</p>
<form method="post" action="${OIDC_SIM_PATH}/${provider}/authorize">${hidden}
<label for="fault">Tester's trouble</label><select id="fault" name="fault">${faults}</select>
<div role="group" aria-label="Accounts" class="accounts">${accounts}</div>
<fieldset><legend>Use another account</legend><label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="off">
<label for="name">Name</label><input id="name" name="name" autocomplete="off">
<button class="primary" type="submit" name="account" value="new">Continue</button></fieldset></form>
<a class="cancel" href="${escape(cancel.toString())}">Cancel</a></main></body></html>`;
}
