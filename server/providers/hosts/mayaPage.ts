import { MAYA_USERS } from './mayaHost';

/**
 * The wallet mini-app host simulator's page (/sim/host/maya), development and tests only: Maya's
 * mini-app container around our app in a web view (an iframe). "Open Panalo" does what Maya does: its
 * server POSTs the encrypted token to our Session URL and opens our landing URL with the sessionId we
 * answered. Like Maya's web view, the frame gets no camera, no file picker, no new tabs (sandbox, allow).
 */

export const MAYA_PAGE_PATH = '/sim/host/maya';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function mayaPageHtml(): string {
  const users = MAYA_USERS.map((user) => `<option value="${user.userId}">${escape(user.name)} · ${escape(user.mobile)}</option>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Maya host simulator · Panalo</title><link rel="stylesheet" href="${MAYA_PAGE_PATH}/maya.css"></head><body>
<header class="bar"><strong>maya</strong><span class="tag">mini-app host · simulator</span>
<label>User <select id="maya-user">${users}</select></label><button type="button" id="maya-open">Open Panalo</button></header>
<p id="maya-error" role="alert" hidden></p>
<iframe id="miniapp" title="Panalo mini app" sandbox="allow-scripts allow-same-origin allow-forms" allow="camera 'none'; microphone 'none'"></iframe>
<script src="${MAYA_PAGE_PATH}/maya.js"></script></body></html>`;
}

export const MAYA_PAGE_CSS = `*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#00a651;display:flex;flex-direction:column;height:100vh}
.bar{display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:8px 12px;color:#fff}.bar strong{font-size:20px}.tag{font-size:12px}
.bar label{margin-left:auto;font-size:12px}.bar select{max-width:170px}.bar button{min-height:36px;border-radius:8px;border:0;background:#fff;color:#00612f;font:inherit;font-weight:600;padding:0 12px}
#maya-error{margin:0;padding:8px 12px;background:#fff3f3;color:#8a0000}
iframe{flex:1;border:0;width:100%;background:#fff}`;

export const MAYA_PAGE_JS = `(() => {
  'use strict';
  const frame = document.getElementById('miniapp');
  const user = document.getElementById('maya-user');
  // ?mobile=+63… adds a Maya user with that number (a test's new player).
  const mobile = new URLSearchParams(location.search).get('mobile');
  if (mobile && /^\\+63\\d{10}$/.test(mobile)) {
    const option = new Option('Maya user · ' + mobile, 'MAYA-P' + mobile.slice(1), true, true);
    user.add(option, 0);
  }
  const error = document.getElementById('maya-error');
  document.getElementById('maya-open').addEventListener('click', async () => {
    error.hidden = true;
    const answer = await fetch('${MAYA_PAGE_PATH}/launch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: user.value }) });
    const body = await answer.json();
    if (typeof body.landing !== 'string') { error.textContent = 'Maya could not open Panalo: ' + (body.error || answer.status); error.hidden = false; return; }
    frame.src = body.landing;
  });
})();
`;
