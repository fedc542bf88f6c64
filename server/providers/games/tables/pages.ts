import { BALLS_PER_DRAW, BINGO_PRIZES } from './bingo';
import type { TableGame } from './catalogue';

/**
 * The tables' game pages (mobile HTML5), framed by the provider's shell (/sim/games/play/:sessionId,
 * page.ts: balance, message, provably-fair panel, history; script and styles as files for the CSP). The
 * script reads the session from the shell's body, polls GET /sim/games/tables/:sessionId/state every
 * second and posts chips / cards to …/bet.
 */

export const TABLES_ASSETS = '/sim/games/tables/assets';

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-PH', { maximumFractionDigits: 2 })}`;

export const TABLES_CSS = String.raw`
.tg{color:#f3f5fa;display:flex;flex-direction:column;gap:10px}
.tg *{box-sizing:border-box}
.tg .tg-info{margin:0}
.tg .muted{color:#b9c4d6;font-size:12px}
.tg .panel{background:rgba(0,0,0,.25);border-radius:12px;padding:10px}
.tg .row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.tg .dealer{font-size:16px;font-weight:600;text-align:center;min-height:22px}
.tg .timer{font-size:26px;font-weight:700;text-align:center;font-variant-numeric:tabular-nums}
.tg .stage{display:flex;justify-content:center;align-items:center;gap:16px}
.tg .wheel{width:150px;height:150px;border-radius:50%;border:6px solid #8a5a1c;position:relative;background:#11873d}
.tg .wheel::after{content:"";position:absolute;inset:28px;border-radius:50%;background:radial-gradient(circle,#d9a441 0 18%,#6b4212 19% 100%)}
.tg .wheel.spinning{animation:tg-spin 1.1s linear infinite}
.tg .ball{position:absolute;z-index:1;width:12px;height:12px;border-radius:50%;background:#fff;top:10px;left:calc(50% - 6px);box-shadow:0 0 4px #000;transform-origin:6px 59px}
.tg .wheel.spinning .ball{animation:tg-ball .7s linear infinite reverse}
@keyframes tg-spin{to{transform:rotate(360deg)}}
@keyframes tg-ball{to{transform:rotate(360deg)}}
.tg .pocket{width:64px;height:64px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:28px;font-weight:800;border:3px solid #fff}
.tg .red{background:#c0262d}.tg .black{background:#1d1d1d}.tg .green{background:#11873d}
.tg .last{display:flex;gap:4px;flex-wrap:wrap}
.tg .last span{min-width:26px;height:26px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-size:12px;font-weight:700}
.tg .layout{display:grid;grid-template-columns:repeat(12,1fr);gap:3px}
.tg .layout button,.tg .outside button,.tg .chips button,.tg .buy button{font:inherit;border:0;border-radius:6px;color:#fff;padding:8px 0;cursor:pointer;position:relative}
.tg .layout .zero{grid-column:1/-1}
.tg .outside{display:grid;grid-template-columns:repeat(3,1fr);gap:4px;margin-top:6px}
.tg .outside button{background:#245c45}
.tg button:disabled{opacity:.45;cursor:not-allowed}
.tg .chips{display:flex;gap:6px}
.tg .chips button{width:54px;height:54px;border-radius:50%;background:#2a3d8f;border:3px dashed #fff;font-weight:700;font-size:12px}
.tg .chips button[aria-pressed=true]{background:#d9a441;color:#111}
.tg .has-chip{outline:3px solid #f5c542;outline-offset:-3px}
.tg table{width:100%;border-collapse:collapse;font-size:12px}
.tg td,.tg th{padding:3px 4px;text-align:left;border-bottom:1px solid rgba(255,255,255,.12)}
.tg .win{color:#7ee08a}.tg .loss{color:#ff9b9b}
.tg .seeds{font-size:11px;word-break:break-all}
.tg .message{min-height:18px;color:#ffd479;text-align:center}
.tg .board{display:grid;grid-template-columns:repeat(15,1fr);gap:2px}
.tg .board span{font-size:10px;text-align:center;border-radius:4px;padding:2px 0;background:rgba(255,255,255,.08);color:#9fb0d8}
.tg .board span.on{background:#f5c542;color:#111;font-weight:700}
.tg .lastball{width:64px;height:64px;border-radius:50%;background:#fff;color:#10255c;display:flex;align-items:center;justify-content:center;font-weight:800;font-size:20px}
.tg .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px}
.tg .card{background:#fff;color:#10255c;border-radius:10px;padding:6px}
.tg .card .grid{display:grid;grid-template-columns:repeat(5,1fr);gap:2px}
.tg .card .grid span{text-align:center;padding:4px 0;border-radius:4px;font-weight:600;font-size:13px}
.tg .card .grid span.head{color:#c0262d;font-weight:800}
.tg .card .grid span.dab{background:#e8455a;color:#fff;border-radius:50%}
.tg .buy{display:flex;gap:6px;align-items:center}
.tg .buy button{background:#d9a441;color:#111;padding:10px 14px;font-weight:700}
.tg .buy select{font:inherit;padding:8px;border-radius:6px}
`;

/**
 * The client code both pages share. It fills the provider shell's own elements (balance, message, the
 * provably-fair panel, the history) from the table's state, since a table's rounds are not the instant
 * runtime's, and hides the shell's bet selector (the table has its own chips / card count).
 */
const COMMON_SCRIPT = String.raw`
var TG = (function () {
  var session = document.body.getAttribute('data-session');
  var base = '/sim/games/tables/' + encodeURIComponent(session);
  var parentOrigin = document.body.getAttribute('data-parent-origin') || location.origin;
  var shown = {};
  var betSelect = document.getElementById('g-bet');
  if (betSelect && betSelect.parentElement) betSelect.parentElement.style.display = 'none';
  // A table's client seed is its public one (table and round number), not the player's.
  var seedForm = document.getElementById('g-seed-form');
  if (seedForm) seedForm.style.display = 'none';
  function $(id) { return document.querySelector('[data-testid="' + id + '"]'); }
  function text(id, value) { var el = $(id); if (el && el.textContent !== String(value)) el.textContent = String(value); }
  function byId(id, value) { var el = document.getElementById(id); if (el && el.textContent !== String(value)) el.textContent = String(value); }
  function peso(c) { return window.panalo ? window.panalo.money(c) : '\u20b1' + (c / 100).toFixed(2); }
  function secs(ms) { return Math.ceil(ms / 1000); }
  function message(value) { if (window.panalo) window.panalo.say(value || ''); }
  function tell(data) { try { if (window.parent && window.parent !== window) window.parent.postMessage(data, parentOrigin); } catch (e) {} }
  function post(path, body) {
    return fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.message || 'Something went wrong.'); return j; }); });
  }
  function balance(value, currency) {
    if (typeof value !== 'number') return;
    byId('g-balance', peso(value));
    if (shown.balance !== value) { shown.balance = value; tell({ type: 'panalo:balance', balance: value, currency: currency }); }
  }
  function history(rows) {
    var list = document.getElementById('g-history');
    if (!list) return;
    var key = JSON.stringify(rows);
    if (shown.history === key) return;
    shown.history = key;
    list.textContent = '';
    if (!rows.length) { var e = document.createElement('li'); e.textContent = window.panalo ? window.panalo.text('empty') : '-'; list.appendChild(e); return; }
    rows.forEach(function (h) {
      var li = document.createElement('li');
      li.setAttribute('data-testid', 'round-row'); li.setAttribute('data-round-id', h.roundId);
      li.setAttribute('data-bet', String(h.bet)); li.setAttribute('data-win', String(h.win)); li.setAttribute('data-status', h.settled ? 'settled' : 'open');
      [[h.roundId, 'id'], [peso(h.bet), ''], [h.settled ? peso(h.win) : '…', ''], [h.settled ? (h.net > 0 ? '+' : '') + peso(h.net) : '…', h.net > 0 ? 'pos' : h.net < 0 ? 'neg' : '']]
        .forEach(function (c) { var span = document.createElement('span'); span.textContent = c[0]; if (c[1]) span.className = c[1]; li.appendChild(span); });
      list.appendChild(li);
    });
  }
  function common(s) {
    balance(s.balance, s.currency);
    text('seats', s.game.seated + ' / ' + s.game.seats + (s.game.engine === 'bingo' ? ' in the room' : ' at the table'));
    if (s.round) { byId('g-next-hash', s.round.serverSeedHash); text('round-id', s.round.id); }
    var l = s.last;
    byId('g-last-seed', l ? l.serverSeed : '-');
    byId('g-last-client', l ? l.clientSeed : (s.round ? s.round.clientSeed : '-'));
    byId('g-last-nonce', l ? String(l.nonce) : '-');
    byId('g-last-outcome', l ? l.roundId + ': ' + l.outcome : '-');
    history(s.history);
    if (!s.seated) message('Massive fanatics are waiting, please try again!');
  }
  function loop(render) {
    var busy = false;
    function tick() {
      if (busy) return;
      busy = true;
      fetch(base + '/state', { cache: 'no-store' })
        .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.message || 'The table is not answering.'); return j; }); })
        .then(function (s) { common(s); render(s); })
        .catch(function (e) { message(navigator.onLine === false ? 'Playing needs a connection.' : e.message); })
        .finally(function () { busy = false; });
    }
    tick();
    setInterval(tick, 1000);
    return tick;
  }
  return { $: $, text: text, peso: peso, secs: secs, message: message, post: post, loop: loop };
})();
`;

const ROULETTE_SCRIPT = String.raw`
(function () {
  var RED = [1,3,5,7,9,12,14,16,18,19,21,23,25,27,30,32,34,36];
  var colour = function (n) { return n === 0 ? 'green' : RED.indexOf(n) >= 0 ? 'red' : 'black'; };
  var chip = 0, phase = '', refresh;
  var WHEEL = [0,32,15,19,4,21,2,25,17,34,6,27,13,36,11,30,8,23,10,5,24,16,33,1,20,14,31,9,22,18,29,7,28,12,35,3,26];
  var COLOURS = { red: '#c0262d', black: '#1d1d1d', green: '#11873d' };
  var slice = 360 / WHEEL.length;
  TG.$('wheel').style.background = 'conic-gradient(' + WHEEL.map(function (n, i) {
    return COLOURS[colour(n)] + ' ' + (i * slice).toFixed(2) + 'deg ' + ((i + 1) * slice).toFixed(2) + 'deg';
  }).join(',') + ')';
  var layout = TG.$('layout');
  function spotButton(label, spot, testid, cls) {
    var b = document.createElement('button');
    b.type = 'button'; b.textContent = label; b.dataset.testid = testid; b.setAttribute('data-testid', testid);
    if (cls) b.className = cls;
    b.addEventListener('click', function () { place(spot); });
    return b;
  }
  layout.appendChild(spotButton('0', { kind: 'straight', pick: 0 }, 'spot-straight-0', 'zero green'));
  // The layout's three rows, top row 3 6 9 … 36.
  [3, 2, 1].forEach(function (row) {
    for (var c = 0; c < 12; c++) { var n = c * 3 + row; layout.appendChild(spotButton(String(n), { kind: 'straight', pick: n }, 'spot-straight-' + n, colour(n))); }
  });
  var outside = TG.$('outside');
  [['1st 12', { kind: 'dozen', pick: 1 }, 'spot-dozen-1'], ['2nd 12', { kind: 'dozen', pick: 2 }, 'spot-dozen-2'], ['3rd 12', { kind: 'dozen', pick: 3 }, 'spot-dozen-3'],
   ['Col 1', { kind: 'column', pick: 1 }, 'spot-column-1'], ['Col 2', { kind: 'column', pick: 2 }, 'spot-column-2'], ['Col 3', { kind: 'column', pick: 3 }, 'spot-column-3'],
   ['1-18', { kind: 'low' }, 'spot-low'], ['Even', { kind: 'even' }, 'spot-even'], ['Red', { kind: 'red' }, 'spot-red'],
   ['Black', { kind: 'black' }, 'spot-black'], ['Odd', { kind: 'odd' }, 'spot-odd'], ['19-36', { kind: 'high' }, 'spot-high']
  ].forEach(function (o) { outside.appendChild(spotButton(o[0], o[1], o[2], o[1].kind === 'red' ? 'red' : o[1].kind === 'black' ? 'black' : '')); });
  var chips = TG.$('chips');
  function pickChip(value, button) {
    chip = value;
    Array.prototype.forEach.call(chips.children, function (b) { b.setAttribute('aria-pressed', String(b === button)); });
  }
  var min = Number(chips.dataset.min);
  [1, 2, 5, 10].forEach(function (m, i) {
    var b = document.createElement('button');
    b.type = 'button'; b.textContent = TG.peso(min * m).replace('.00', ''); b.setAttribute('data-testid', 'chip-' + min * m);
    b.addEventListener('click', function () { pickChip(min * m, b); });
    chips.appendChild(b);
    if (i === 0) pickChip(min * m, b);
  });
  function place(spot) {
    if (phase !== 'betting') { TG.message('No more bets: wait for the next round.'); return; }
    var id = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
    TG.message('');
    TG.post('/bet', { spot: spot, amount: chip, chipId: id }).then(function () { refresh(); }).catch(function (e) { TG.message(e.message); });
  }
  refresh = TG.loop(function (s) {
    var r = s.round, rl = s.roulette;
    phase = r ? r.phase : '';
    TG.text('dealer-line', rl.dealer);
    TG.text('round-phase', !r ? '' : r.phase === 'betting' ? 'Bets open' : r.phase === 'running' ? 'Spinning' : 'Result');
    TG.text('round-timer', r ? TG.secs(r.msLeft) + 's' : '');
    var wheel = TG.$('wheel');
    wheel.classList.toggle('spinning', phase === 'running');
    // The ball rests in the pocket of the last result.
    var shownPocket = rl.pocket !== null ? rl.pocket : rl.last.length ? rl.last[0].pocket : null;
    if (shownPocket !== null) wheel.querySelector('.ball').style.transform = 'rotate(' + ((WHEEL.indexOf(shownPocket) + 0.5) * slice).toFixed(2) + 'deg)';
    var pocket = TG.$('pocket');
    pocket.textContent = rl.pocket === null ? '?' : String(rl.pocket);
    pocket.className = 'pocket ' + (rl.colour || 'black');
    var last = rl.last.map(function (x) { return '<span class="' + x.colour + '">' + x.pocket + '</span>'; }).join('');
    if (TG.$('last-results').innerHTML !== last) TG.$('last-results').innerHTML = last;
    document.querySelectorAll('[data-testid^="spot-"]').forEach(function (b) { b.disabled = phase !== 'betting'; });
    var bets = s.bets.map(function (b) {
      return '<tr data-testid="my-bet" data-state="' + b.state + '"><td>' + b.label + '</td><td>' + TG.peso(b.amount) + '</td><td>' +
        (b.state === 'refused' ? 'refused' : b.win === null ? '…' : TG.peso(b.win)) + '</td></tr>';
    }).join('');
    if (TG.$('my-bets').innerHTML !== bets) TG.$('my-bets').innerHTML = bets;
    var covered = {};
    s.bets.forEach(function (b) {
      if (b.state === 'refused' || !b.spot) return;
      var k = b.spot.kind;
      covered['spot-' + k + (k === 'straight' || k === 'dozen' || k === 'column' ? '-' + b.spot.pick : '')] = true;
    });
    document.querySelectorAll('[data-testid^="spot-"]').forEach(function (el) { el.classList.toggle('has-chip', !!covered[el.getAttribute('data-testid')]); });
    var total = s.bets.filter(function (b) { return b.state !== 'refused'; }).reduce(function (a, b) { return a + b.amount; }, 0);
    TG.text('round-stake', TG.peso(total));
  });
})();
`;

const BINGO_SCRIPT = String.raw`
(function () {
  var phase = '', refresh;
  var board = TG.$('called-board');
  for (var n = 1; n <= 75; n++) { var sp = document.createElement('span'); sp.textContent = String(n); sp.dataset.ball = String(n); board.appendChild(sp); }
  TG.$('buy-cards').addEventListener('click', function () {
    if (phase !== 'betting') { TG.message('Cards for this draw are sold: wait for the next one.'); return; }
    var id = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
    TG.post('/bet', { cards: Number(TG.$('card-count').value), chipId: id }).then(function () { TG.message(''); refresh(); }).catch(function (e) { TG.message(e.message); });
  });
  refresh = TG.loop(function (s) {
    var r = s.round, b = s.bingo;
    phase = r ? r.phase : '';
    TG.text('caller-line', b.caller);
    TG.text('round-phase', !r ? '' : r.phase === 'betting' ? 'Next draw in' : r.phase === 'running' ? 'Drawing' : 'Draw over');
    TG.text('round-timer', r ? TG.secs(r.msLeft) + 's' : '');
    TG.text('cards-sold', b.cardsSold + ' cards in play');
    TG.text('last-ball', b.called.length ? String(b.called[b.called.length - 1]) : '-');
    TG.text('balls-called', b.called.length + ' / ' + b.ballsPerDraw);
    var on = {}; b.called.forEach(function (x) { on[x] = true; });
    Array.prototype.forEach.call(board.children, function (el) { el.classList.toggle('on', !!on[el.dataset.ball]); });
    TG.$('buy-cards').disabled = phase !== 'betting';
    var cards = b.cards.map(function (c) {
      var cells = 'BINGO'.split('').map(function (h) { return '<span class="head">' + h + '</span>'; }).join('') +
        c.numbers.map(function (n, i) { return '<span class="' + (c.daubed[i] ? 'dab' : '') + '">' + (n === 0 ? '★' : n) + '</span>'; }).join('');
      return '<div class="card" data-testid="bingo-card" data-card="' + c.index + '"><div class="muted">Card ' + c.index + ' · ' + c.pattern +
        (c.win === null ? '' : ' · won ' + TG.peso(c.win)) + '</div><div class="grid">' + cells + '</div></div>';
    }).join('');
    if (TG.$('my-cards').innerHTML !== cards) TG.$('my-cards').innerHTML = cards || '<p class="muted">No cards for this draw yet.</p>';
    var winners = b.winners.map(function (w) { return '<tr data-testid="winner"><td>' + w.player + '</td><td>Card ' + w.card + '</td><td>' + w.pattern + '</td><td>' + TG.peso(w.win) + '</td></tr>'; }).join('');
    if (!winners) winners = '<tr><td class="muted">' + (phase === 'settled' || phase === 'result' ? 'No winning card this draw.' : 'Winners are called after the last ball.') + '</td></tr>';
    if (TG.$('winners').innerHTML !== winners) TG.$('winners').innerHTML = winners;
  });
})();
`;

function header(extra: string): string {
  return `<p class="muted tg-info">${extra} · <span data-testid="seats"></span> · <span data-testid="round-id"></span></p>`;
}

export function roulettePage(game: TableGame): { title: string; html: string; script: string; css: string } {
  const html = `<div class="tg roulette" data-testid="table-game" data-game="${escape(game.gameCode)}">
${header(`European roulette · ${escape(game.dealer)} · limits ${peso(game.minBet)}–${peso(game.maxBet)} a round`)}
<section class="panel"><div class="dealer" data-testid="dealer-line"></div>
<div class="stage"><div class="wheel" data-testid="wheel"><div class="ball"></div></div><div><div class="pocket black" data-testid="pocket">?</div>
<div class="muted" data-testid="round-phase"></div><div class="timer" data-testid="round-timer"></div></div></div>
<div class="muted">Last results</div><div class="last" data-testid="last-results"></div></section>
<div class="message" data-testid="table-message" role="status"></div>
<section class="panel"><div class="row"><span class="muted">Chip</span><div class="chips" data-testid="chips" data-min="${game.minBet}"></div></div></section>
<section class="panel"><div class="layout" data-testid="layout"></div><div class="outside" data-testid="outside"></div>
<p class="muted">Pays: straight 35:1, split 17:1, dozen and column 2:1, red/black, odd/even, 1-18/19-36 1:1. Zero loses the outside bets. Every bet returns 97.30% on average.</p></section>
<section class="panel"><div class="row"><strong>Your bets this round</strong><span data-testid="round-stake"></span></div>
<table><tbody data-testid="my-bets"></tbody></table></section>
</div>`;
  return { title: game.gameName, html, script: COMMON_SCRIPT + ROULETTE_SCRIPT, css: TABLES_CSS };
}

export function bingoPage(game: TableGame): { title: string; html: string; script: string; css: string } {
  const prizes = BINGO_PRIZES.map((prize) => `<tr><td>${escape(prize.label)}</td><td>×${prize.multiplier}</td></tr>`).join('');
  const options = Array.from({ length: game.maxBet / game.minBet }, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
  const html = `<div class="tg bingo" data-testid="table-game" data-game="${escape(game.gameCode)}">
${header(`75-ball bingo · ${BALLS_PER_DRAW} balls a draw · card ${peso(game.minBet)}`)}
<section class="panel"><div class="dealer" data-testid="caller-line"></div>
<div class="stage"><div class="lastball" data-testid="last-ball">-</div><div><div class="muted" data-testid="round-phase"></div>
<div class="timer" data-testid="round-timer"></div><div class="muted" data-testid="balls-called"></div><div class="muted" data-testid="cards-sold"></div></div></div>
<div class="board" data-testid="called-board"></div></section>
<div class="message" data-testid="table-message" role="status"></div>
<section class="panel buy"><label>Cards <select data-testid="card-count">${options}</select></label>
<button type="button" data-testid="buy-cards">Buy cards</button><span class="muted">${peso(game.minBet)} each</span></section>
<section class="panel"><strong>Your cards</strong><div class="cards" data-testid="my-cards"></div></section>
<section class="panel"><strong>Winners</strong><table><tbody data-testid="winners"></tbody></table></section>
<section class="panel"><strong>Prizes (× the card, best pattern after the last ball)</strong><table>${prizes}</table>
<p class="muted">A line is any row, column or diagonal; the star is free. Each card is paid on its own: RTP ${(game.rtpBps / 100).toFixed(2)}%, computed exactly.</p></section>
</div>`;
  return { title: game.gameName, html, script: COMMON_SCRIPT + BINGO_SCRIPT, css: TABLES_CSS };
}

export function tablePage(game: TableGame) {
  return game.engine === 'roulette' ? roulettePage(game) : bingoPage(game);
}

export const TABLE_SCRIPTS = { roulette: COMMON_SCRIPT + ROULETTE_SCRIPT, bingo: COMMON_SCRIPT + BINGO_SCRIPT };
