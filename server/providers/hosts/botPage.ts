/**
 * The messaging-bot simulator's chat page (/sim/host/viber), development and tests only: Viber's chat
 * with the Panalo bot. The player shares a phone number (Viber's share-phone button); the bot answers
 * with buttons that open Panalo with a fresh sessionId and relogin (spec §2).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const BOT_PAGE_PATH = '/sim/host/viber';

export const BOT_PAGE_CSS = `*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#f3f0fa;color:#1d1b20}
header{background:#7360f2;color:#fff;padding:12px 16px}header strong{font-size:18px}header span{display:block;font-size:12px}
main{padding:12px;display:flex;flex-direction:column;gap:10px}.msg{background:#fff;border-radius:12px;padding:10px 12px;max-width:85%}
.me{align-self:flex-end;background:#e5defc}.buttons{display:flex;flex-direction:column;gap:8px}
.buttons a,.buttons button{display:flex;align-items:center;justify-content:center;min-height:44px;border-radius:22px;background:#7360f2;color:#fff;text-decoration:none;border:0;font:inherit}
select{font:inherit;min-height:44px;width:100%}label{display:block;font-size:13px;margin-bottom:4px}`;

export function botPageHtml(state: {
  phones: readonly string[];
  shared?: string;
  bound?: boolean;
  links?: { label: string; href: string }[];
}): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Viber bot simulator · Panalo</title><link rel="stylesheet" href="${BOT_PAGE_PATH}/bot.css"></head><body>
<header><strong>Panalo bot</strong><span>Viber chat · simulator (development only)</span></header><main>
<p class="msg">Hi! I'm the Panalo bot. Share your phone number to link your Panalo account.</p>`;
  if (!state.shared) {
    const options = state.phones.map((phone) => `<option value="${escape(phone)}">${escape(phone)}</option>`).join('');
    return `${head}<form method="post" action="${BOT_PAGE_PATH}/share" class="buttons"><label for="phone">Your Viber number</label>
<select id="phone" name="phone">${options}</select><button type="submit">Share phone number</button></form></main></body></html>`;
  }
  const mine = `<p class="msg me">Shared my number: ${escape(state.shared)}</p>`;
  if (!state.bound)
    return `${head}${mine}<p class="msg">No Panalo account uses this number. Register in Panalo first, then come back.</p></main></body></html>`;
  const links = (state.links ?? []).map((l) => `<a href="${escape(l.href)}">${escape(l.label)}</a>`).join('');
  return `${head}${mine}<p class="msg">Linked! Tap a button to open Panalo, already logged in.</p><nav class="buttons" aria-label="Bot buttons">${links}</nav></main></body></html>`;
}
