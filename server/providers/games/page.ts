import type { FastifyInstance, FastifyReply } from 'fastify';
import { findGame } from './catalogue';
import type { GameSimulator } from './simulator';
import type { SimWallet } from './wallet';

/**
 * The simulator's game page host (development and tests only): GET /sim/games/play/<sessionId> serves one
 * mobile HTML5 page — a header (balance, close/lobby), the engine's own markup, the bet selector, the
 * provably-fair panel (the next round's server seed hash; the last round's revealed seed, client seed,
 * nonce and outcome), the stated RTP and the session's round history. Script and styles are served files
 * (game.js = the shell + the engine's script, game.css), never inline, so the app's CSP holds; the page
 * is framed by the app on the same origin (frame-ancestors 'self'). The shell tells the parent window
 * `{type:'panalo:balance', balance}` after each round and `{type:'panalo:close'}` on close. Framed (the
 * browser says `Sec-Fetch-Dest: iframe`), the page leaves its header out: the app's bar above the frame
 * already has the way back, the game's name and the balance it is told, and two stacked headers took a
 * quarter of a phone's screen (issue 32). Opened on its own, it keeps its header.
 *
 * Engine scripts talk to the shell through `window.panalo`: `start(action)` / `act(action)` (Promises of
 * the round answer; a refusal is shown by the shell and rejects), `bet()`, `money(centavos)`,
 * `text(key)`, `roundId()` (the open round, or null), `onRound(fn)` (each answer, also to table games),
 * `onResume(fn)`: the page was (re)loaded while a round is open (`{roundId, bet, view, serverSeedHash,
 * elapsedMs}` from GET /sim/games/api/session/:id): the engine redraws that round from its last view and
 * the shell's `act` continues it. When an act finds its round already over (settled by the abandoned-round
 * sweep, or in another tab), the shell reloads the session and calls `fn` again with its open round or
 * null: the engine resets to a new round.
 *
 * Game design rules (UK slot rules, issue 34): no autoplay and no turbo (every round is one tap), the
 * session's time and net result always on screen (`session` from the session API), a slot spin that
 * takes at least 2.5 s, and a return no bigger than the stake not celebrated as a win (slot.ts).
 */

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS = {
  en: {
    balance: 'Balance',
    playMoney: 'Play money',
    platformWallet: 'Platform wallet',
    close: 'Lobby',
    bet: 'Bet',
    rtp: 'RTP',
    jackpot: 'JACKPOT!',
    jackpotShare: 'of every stake grows the jackpot (not in the RTP)',
    won: 'You won',
    noWin: 'No win this time',
    fair: 'Provably fair',
    nextHash: 'Next round server seed hash (SHA-256)',
    lastSeed: 'Last round server seed',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    outcome: 'Outcome',
    verify: 'Check: SHA-256(seed) equals the hash shown before; HMAC-SHA256(seed, clientSeed:nonce:cursor) replays the draws.',
    newSeed: 'Use this client seed',
    seedSaved: 'Client seed saved: it counts from the next round.',
    history: 'History',
    round: 'Round',
    win: 'Win',
    net: 'Net',
    empty: 'No rounds yet',
    session: 'This session',
    returned: 'Returned',
    ofBet: 'of your bet',
    error: 'Something went wrong. Please try again.',
    offline: 'Playing needs a connection.',
  },
  cn: {
    balance: '余额',
    playMoney: '试玩币',
    platformWallet: '平台钱包',
    close: '大厅',
    bet: '投注',
    rtp: '返还率',
    jackpot: '头奖！',
    jackpotShare: '的每笔投注累积到头奖（不计入返还率）',
    won: '赢得',
    noWin: '本局未中奖',
    fair: '可验证公平',
    nextHash: '下一局服务器种子哈希 (SHA-256)',
    lastSeed: '上一局服务器种子',
    clientSeed: '客户端种子',
    nonce: '序号',
    outcome: '结果',
    verify: '验证：SHA-256(种子) 等于事先显示的哈希；HMAC-SHA256(种子, 客户端种子:序号:游标) 可重现抽取。',
    newSeed: '使用此客户端种子',
    seedSaved: '客户端种子已保存，从下一局起生效。',
    history: '记录',
    round: '局号',
    win: '赢',
    net: '净额',
    empty: '暂无记录',
    session: '本次游戏',
    returned: '返还',
    ofBet: '（少于投注额）',
    error: '出错了，请重试。',
    offline: '游戏需要网络连接。',
  },
} as const;

const SHELL_CSS = `*{box-sizing:border-box}html,body{margin:0;min-height:100%}
body{font:15px/1.4 system-ui,-apple-system,sans-serif;background:var(--bg,#1b2430);color:#fff;display:flex;flex-direction:column;gap:12px;padding:0 0 24px}
body[data-embedded] .g-head{display:none}body[data-embedded]{padding-top:12px}
.g-head{position:sticky;top:0;z-index:2;display:flex;align-items:center;justify-content:space-between;gap:8px;padding:10px 12px;background:rgba(0,0,0,.35)}
.g-title{font-weight:700;font-size:16px;flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.g-balance{display:flex;flex-direction:column;align-items:flex-end;font-size:12px}.g-balance b{font-size:17px}
.g-close{font:inherit;border:0;border-radius:999px;padding:8px 14px;background:rgba(255,255,255,.18);color:#fff}
.g-demo{background:var(--accent,#f5b50a);color:#1b2430;border-radius:6px;padding:1px 6px;font-weight:700;font-size:11px}
.g-main{padding:0 12px;display:flex;flex-direction:column;gap:12px}
.g-bar{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.g-bar select{font:inherit;font-size:16px;padding:8px;border-radius:8px;border:0}
.g-rtp{font-size:13px;opacity:.9}.g-jackpot{font-weight:800;color:var(--accent,#f5b50a)}
.g-message{min-height:1.4em;margin:0;color:#ffd6d6;font-weight:600}
.g-session{display:flex;justify-content:space-between;gap:8px;margin:0;padding:6px 10px;border-radius:8px;background:rgba(0,0,0,.3);font-size:13px;font-variant-numeric:tabular-nums}
.g-panel{background:rgba(0,0,0,.25);border-radius:12px;padding:10px 12px}.g-panel h2{font-size:15px;margin:0 0 6px}
.g-panel dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0;font-size:12px}.g-panel dd{margin:0;word-break:break-all;font-family:ui-monospace,monospace}
.g-panel p{font-size:11px;opacity:.8;margin:6px 0 0}
.g-seed{display:flex;gap:6px;margin-top:8px}.g-seed input{flex:1;min-width:0;font:inherit;font-size:16px;padding:6px;border-radius:8px;border:0}
.g-seed button{font:inherit;font-size:13px;border:0;border-radius:8px;padding:6px 10px;background:var(--accent,#f5b50a);color:#1b2430}
.g-history{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px;font-size:13px}
.g-history li{display:grid;grid-template-columns:1fr auto auto auto;gap:8px;padding:4px 0;border-bottom:1px solid rgba(255,255,255,.12)}
.g-history .id{font-family:ui-monospace,monospace;overflow:hidden;text-overflow:ellipsis}
.g-history .pos{color:#9ff5b5}.g-history .neg{color:#ffc2c2}`;

const SHELL_SCRIPT = `(function(){
var body=document.body;var sessionId=body.getAttribute('data-session');var T=JSON.parse(body.getAttribute('data-texts'));
var parentOrigin=body.getAttribute('data-parent-origin')||location.origin;var lobby=body.getAttribute('data-lobby')||'/';
var state=null;var openRound=null;var listeners=[];var resumers=[];
function $(id){return document.getElementById(id);}
function money(c){if(c===null||c===undefined)return '—';var sign=c<0?'-':'';c=Math.abs(c);
  var s=(Math.floor(c/100)).toString().replace(/\\B(?=(\\d{3})+(?!\\d))/g,',')+'.'+String(c%100).padStart(2,'0');
  return sign+(state&&state.mode==='demo'?'':'₱')+s;}
function tell(message){try{if(window.parent&&window.parent!==window)window.parent.postMessage(message,parentOrigin);}catch(e){}}
function say(text){$('g-message').textContent=text||'';}
function api(path,payload){return fetch('/sim/games/api/'+path,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(payload),credentials:'same-origin'})
  .then(function(r){return r.json().catch(function(){return {ok:false,message:T.error};});},function(){return {ok:false,message:navigator.onLine===false?T.offline:T.error};});}
function setBalance(b){if(typeof b==='number'){state.balance=b;$('g-balance').textContent=money(b);tell({type:'panalo:balance',balance:b,currency:state.currency});}}
function betOptions(){var steps=[100,200,500,1000,2000,5000,10000,20000,50000,100000,200000,500000];var out=[state.minBet];
  steps.forEach(function(s){if(s>state.minBet&&s<state.maxBet)out.push(s);});if(state.maxBet>state.minBet)out.push(state.maxBet);return out;}
function renderFair(){$('g-next-hash').textContent=state.nextServerSeedHash||'—';var l=state.last;
  $('g-last-seed').textContent=l?l.serverSeed:'—';$('g-last-client').textContent=l?l.clientSeed:state.clientSeed;
  $('g-last-nonce').textContent=l?String(l.nonce):'—';$('g-last-outcome').textContent=l?l.outcome:'—';}
function renderHistory(){var list=$('g-history');list.textContent='';
  if(!state.history.length){var e=document.createElement('li');e.textContent=T.empty;list.appendChild(e);return;}
  state.history.forEach(function(r){var li=document.createElement('li');li.setAttribute('data-testid','round-row');li.setAttribute('data-round-id',r.roundId);
    li.setAttribute('data-bet',String(r.bet));li.setAttribute('data-win',String(r.win));li.setAttribute('data-status',r.status);
    [[r.roundId,'id'],[money(r.bet),''],[money(r.win),''],[(r.net>0?'+':'')+money(r.net),r.net>0?'pos':r.net<0?'neg':'']].forEach(function(c){
      var span=document.createElement('span');span.textContent=c[0];if(c[1])span.className=c[1];li.appendChild(span);});
    list.appendChild(li);});}
function clock(ms){var s=Math.max(0,Math.floor(ms/1000));var h=Math.floor(s/3600);var m=Math.floor(s/60)%60;
  return (h?h+':'+String(m).padStart(2,'0'):String(m))+':'+String(s%60).padStart(2,'0');}
function renderSession(){if(!state||!state.session)return;var net=state.session.net;
  $('g-session-time').textContent=T.session+' '+clock(Date.now()-Date.parse(state.session.startedAt));
  var n=$('g-session-net');n.textContent=T.net+' '+(net>0?'+':'')+money(net);}
setInterval(renderSession,1000);
function render(){$('g-balance').textContent=money(state.balance);renderSession();
  $('g-rtp').textContent=T.rtp+' '+(state.rtpBps/100).toFixed(2)+'%';
  if(state.jackpot){$('g-jackpot').textContent='JP '+money(state.jackpot.amount);$('g-jackpot-note').textContent=(state.jackpot.shareBps/100).toFixed(2)+'% '+T.jackpotShare;}
  renderFair();renderHistory();}
function refresh(){return fetch('/sim/games/api/session/'+encodeURIComponent(sessionId),{cache:'no-store'}).then(function(r){return r.json();}).then(function(s){
  if(!s.ok){say(s.message||T.error);return;}var first=!state;if(!first&&typeof s.balance!=='number')s.balance=state.balance;state=s;
  if(first){var sel=$('g-bet');betOptions().forEach(function(v){var o=document.createElement('option');o.value=String(v);o.textContent=money(v);sel.appendChild(o);});
    if(s.mode==='demo')$('g-demo').hidden=false;}
  render();if(first&&s.open){openRound=s.open.roundId;var bet=$('g-bet');if(!Array.prototype.some.call(bet.options,function(o){return o.value===String(s.open.bet);})){
    var o=document.createElement('option');o.value=String(s.open.bet);o.textContent=money(s.open.bet);bet.appendChild(o);}bet.value=String(s.open.bet);
    resumers.forEach(function(fn){try{fn(s.open);}catch(e){}});}if(typeof s.balance==='number')tell({type:'panalo:balance',balance:s.balance,currency:s.currency});},function(){say(T.offline);});}
function resync(){return refresh().then(function(){if(!state)return;openRound=state.open?state.open.roundId:null;var open=state.open||null;
  resumers.forEach(function(fn){try{fn(open);}catch(e){}});});}
function handle(answer){if(!answer.ok){say(answer.message||T.error);if(typeof answer.balance==='number')setBalance(answer.balance);
  if(answer.code==='ROUND_CLOSED'&&openRound)resync();return Promise.reject(answer);}
  say('');openRound=answer.status==='open'?answer.roundId:null;setBalance(answer.balance);state.nextServerSeedHash=answer.nextServerSeedHash;renderFair();
  listeners.forEach(function(fn){try{fn(answer);}catch(e){}});
  if(answer.status==='settled')return refresh().then(function(){return answer;});return answer;}
window.panalo={
  start:function(action){say('');return loaded.then(function(){return api('round/start',{sessionId:sessionId,bet:Number($('g-bet').value),action:action===undefined?null:action});}).then(handle);},
  act:function(action){return api('round/act',{sessionId:sessionId,roundId:openRound,action:action===undefined?null:action}).then(handle);},
  bet:function(){return Number($('g-bet').value);},roundId:function(){return openRound;},
  money:function(c){return money(c);},text:function(k){return T[k]||k;},onRound:function(fn){listeners.push(fn);},
  onResume:function(fn){resumers.push(fn);},
  sessionId:sessionId,refresh:refresh,say:say};
$('g-close').addEventListener('click',function(){tell({type:'panalo:close'});
  if(window.parent===window&&/^(\\/(?!\\/)|https?:\\/\\/)/.test(lobby))location.href=lobby;});
$('g-seed-form').addEventListener('submit',function(event){event.preventDefault();
  api('seed',{sessionId:sessionId,clientSeed:$('g-seed').value}).then(function(a){if(!a.ok){say(a.message||T.error);return;}
    state.clientSeed=a.clientSeed;$('g-seed').value='';say(T.seedSaved);});});
// A round tapped before the session's first answer (the bet choices come with it) waits for it.
var loaded=refresh();
})();
`;

function shellHtml(input: {
  sessionId: string;
  title: string;
  texts: Record<string, string>;
  lobbyUrl: string;
  lang: string;
  engineHtml: string;
  modeLabel: string;
  /** Framed by the app: its bar is the header. */
  embedded: boolean;
}): string {
  const { sessionId, texts } = input;
  let parentOrigin = '';
  try {
    if (/^https?:\/\//.test(input.lobbyUrl)) parentOrigin = new URL(input.lobbyUrl).origin;
  } catch {
    parentOrigin = '';
  }
  const base = `/sim/games/play/${encodeURIComponent(sessionId)}`;
  return `<!doctype html><html lang="${input.lang === 'cn' ? 'zh' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<title>${escape(input.title)}</title><link rel="icon" href="/sim/games/icon.svg"><link rel="stylesheet" href="${base}/game.css"><script defer src="${base}/game.js"></script></head>
<body${input.embedded ? ' data-embedded' : ''} data-session="${escape(sessionId)}" data-texts="${escape(JSON.stringify(texts))}" data-lobby="${escape(input.lobbyUrl)}" data-parent-origin="${escape(parentOrigin)}">
<header class="g-head"><button type="button" class="g-close" id="g-close" data-testid="game-close">${escape(texts['close'])}</button>
<span class="g-title">${escape(input.title)} <span class="g-demo" id="g-demo" hidden>${escape(texts['playMoney'])}</span></span>
<span class="g-balance"><span>${escape(input.modeLabel)}</span><b id="g-balance" data-testid="game-balance">—</b></span></header>
<main class="g-main">
<div class="g-bar"><label>${escape(texts['bet'])} <select id="g-bet" data-testid="bet"></select></label>
<span class="g-rtp" id="g-rtp" data-testid="rtp"></span><span class="g-jackpot" id="g-jackpot" data-testid="jackpot"></span></div>
<p class="g-session" data-testid="session-summary"><span id="g-session-time"></span><span id="g-session-net"></span></p>
<p class="g-message" id="g-message" role="alert" data-testid="game-message"></p>
${input.engineHtml}
<section class="g-panel" data-testid="fair"><h2>${escape(texts['fair'])}</h2><dl>
<dt>${escape(texts['nextHash'])}</dt><dd id="g-next-hash" data-testid="next-hash"></dd>
<dt>${escape(texts['lastSeed'])}</dt><dd id="g-last-seed" data-testid="last-seed"></dd>
<dt>${escape(texts['clientSeed'])}</dt><dd id="g-last-client"></dd>
<dt>${escape(texts['nonce'])}</dt><dd id="g-last-nonce"></dd>
<dt>${escape(texts['outcome'])}</dt><dd id="g-last-outcome" data-testid="last-outcome"></dd></dl>
<form class="g-seed" id="g-seed-form"><input id="g-seed" name="clientSeed" maxlength="64" autocomplete="off" aria-label="${escape(texts['clientSeed'])}">
<button type="submit">${escape(texts['newSeed'])}</button></form>
<p>${escape(texts['verify'])}</p><p id="g-jackpot-note"></p></section>
<section class="g-panel"><h2>${escape(texts['history'])}</h2><ul class="g-history" id="g-history" data-testid="history"></ul></section>
</main></body></html>`;
}

export async function gamePages(app: FastifyInstance, options: { simulator: GameSimulator; wallet: SimWallet }) {
  const { simulator } = options;

  async function load(sessionId: string) {
    const row = await simulator.row(sessionId);
    const found = row && findGame(row.gameCode, row.platformCode);
    const session = row && (await simulator.find(row.sessionId));
    if (!row || !found || !session) return undefined;
    const content = found.registration.instant
      ? found.registration.instant.page(found.variant.params)
      : found.registration.table!.page(session, found.variant);
    return { row, found, content };
  }

  const notFound = (reply: FastifyReply) =>
    reply.status(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('This game session does not exist.');

  app.get('/sim/games/icon.svg', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#f5b50a"/></svg>'),
  );

  app.get<{ Params: { sessionId: string } }>('/sim/games/play/:sessionId', async (request, reply) => {
    const loaded = await load(request.params.sessionId);
    if (!loaded) return notFound(reply);
    const { row, found, content } = loaded;
    const texts = TEXTS[row.lang === 'cn' || row.lang.startsWith('zh') ? 'cn' : 'en'];
    const html = shellHtml({
      sessionId: row.sessionId,
      title: found.game.gameName,
      texts,
      lobbyUrl: row.lobbyUrl,
      lang: row.lang,
      engineHtml: content.html,
      modeLabel: row.mode === 'demo' ? texts.playMoney : row.mode === 'transfer' ? texts.platformWallet : texts.balance,
      embedded: /^i?frame$/.test(String(request.headers['sec-fetch-dest'] ?? '')),
    });
    // The page differs by whether it is framed: a cache must keep the two apart.
    return reply.header('Cache-Control', 'no-store').header('Vary', 'Sec-Fetch-Dest').type('text/html; charset=utf-8').send(html);
  });

  app.get<{ Params: { sessionId: string } }>('/sim/games/play/:sessionId/game.js', async (request, reply) => {
    const loaded = await load(request.params.sessionId);
    if (!loaded) return notFound(reply);
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/javascript; charset=utf-8')
      .send(`${SHELL_SCRIPT}\n${loaded.content.script}\n`);
  });

  app.get<{ Params: { sessionId: string } }>('/sim/games/play/:sessionId/game.css', async (request, reply) => {
    const loaded = await load(request.params.sessionId);
    if (!loaded) return notFound(reply);
    const { theme } = loaded.found;
    const safe = (colour: string) => (/^#[0-9a-f]{3,8}$/i.test(colour) ? colour : '#1b2430');
    const vars = `:root{--bg:${safe(theme.background)};--accent:${safe(theme.accent)}}`;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/css; charset=utf-8')
      .send(`${vars}\n${SHELL_CSS}\n${loaded.content.css ?? ''}\n`);
  });
}
