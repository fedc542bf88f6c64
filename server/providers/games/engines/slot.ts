import { GameEngine } from '../../../../src/contract/games';
import type { InstantEngine } from '../engine';
import type { Rng } from '../fair';

/**
 * The slot engine (issue 13): 5 reels × 3 rows, 10 fixed paylines paid left to right, a wild (W) that
 * stands for every symbol but the scatter, and a scatter (S) paid anywhere on the window as a multiple of
 * the total bet. Five scatters also win the progressive jackpot (paid by the runtime from the pot; the
 * stated RTP is the base game's alone, the jackpot's share of every stake — JACKPOT_SHARE_BPS — is stated
 * separately on the page and in the catalogue notes).
 *
 * Each reel stops uniformly on one of its strip's positions (rng.int(length)); the window shows that
 * position and the next two. The stated RTP is computed exactly from the strips and the paytable
 * (`exactRtp`): every payline sees, on each reel, a uniformly drawn strip position, so a line's
 * expected pay is a sum over the symbols' per-reel frequencies; the scatter's is the convolution of
 * each reel's exact count distribution over its windows. `tests/unit/gameProviderSlot.test.ts` checks the
 * method against a brute-force enumeration of every stop combination of small strips.
 */

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
/** Rows (0 = top) of each payline on reels 1–5. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];
export const WILD = 'W';
export const SCATTER = 'S';

export interface SlotParams {
  /** Five reel strips, one character per position (symbols A–G, W, S). */
  strips: readonly string[];
  /** Line pays per symbol for 3, 4 and 5 of a kind, in line bets (total bet / number of lines). */
  pays: Readonly<Record<string, readonly [number, number, number]>>;
  /** Scatter pays for 3, 4 and 5 scatters anywhere, in total bets. */
  scatterPays: readonly [number, number, number];
}

/** The symbols' glyphs on the page, highest paying first. */
export const SLOT_GLYPHS: Readonly<Record<string, string>> = {
  W: '★',
  S: '◆',
  A: '7',
  B: 'BAR',
  C: '♥',
  D: '♠',
  E: '♦',
  F: '♣',
  G: '●',
};

const STRIPS_A = [
  'AGDBFGECFWDGEBFCGDEFAGSECFDGBEFCGDWEF',
  'BGEFDACGFEDWGCFEBGDFSGECDFAGEBFCDGEWF',
  'CFGDEBGFADWCEGFDBEGSFCGDEAFGDBEFCWGDE',
  'DGFCEAGBFDEGWCFGEDBSFGCEAGDFEBGCFDWEG',
  'EFGCDBGAFEDGCFWEGBDFSGCEFDGAEBFGCDEWG',
];

/** 96 % variant ("Deluxe"): exactRtp 0.95968… → 9597 bps. */
export const SLOT_96: SlotParams = {
  strips: STRIPS_A,
  pays: {
    W: [45, 217, 1812],
    A: [36, 181, 906],
    B: [27, 109, 453],
    C: [18, 72, 272],
    D: [11, 36, 145],
    E: [9, 27, 109],
    F: [7, 22, 72],
    G: [5, 18, 54],
  },
  scatterPays: [2, 10, 100],
};

/** 95 % variant ("Gold"): exactRtp 0.95119… → 9512 bps. */
export const SLOT_95: SlotParams = {
  strips: STRIPS_A,
  pays: {
    W: [44, 213, 1776],
    A: [36, 178, 888],
    B: [27, 107, 444],
    C: [18, 71, 266],
    D: [11, 36, 142],
    E: [9, 27, 107],
    F: [7, 21, 71],
    G: [5, 18, 53],
  },
  scatterPays: [2, 10, 100],
};

/** 94 % variant ("Classic"): the same reels, a leaner paytable; exactRtp 0.94097… → 9410 bps. */
export const SLOT_94: SlotParams = {
  strips: STRIPS_A,
  pays: {
    W: [44, 210, 1750],
    A: [35, 175, 875],
    B: [26, 105, 438],
    C: [18, 70, 263],
    D: [11, 35, 140],
    E: [9, 26, 105],
    F: [7, 21, 70],
    G: [5, 18, 53],
  },
  scatterPays: [2, 10, 100],
};

export interface SlotView {
  /** The window, reel by reel, top to bottom. */
  reels: string[][];
  /** The reel stops drawn (the proof's outcome). */
  stops: number[];
  lines: { line: number; symbol: string; count: number; win: number }[];
  scatters: number;
  scatterWin: number;
  jackpot: boolean;
  win: number;
}

function symbolAt(strip: string, position: number): string {
  return strip[position % strip.length]!;
}

/** The line's pay in line bets: the best of the wild run and the substituted symbol's run. */
export function linePay(symbols: readonly string[], pays: SlotParams['pays']): { symbol: string; count: number; pay: number } {
  if (symbols[0] === SCATTER) return { symbol: SCATTER, count: 0, pay: 0 };
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === WILD) wildRun += 1;
  const wildPay = wildRun >= 3 ? pays[WILD]![wildRun - 3]! : 0;
  const symbol = symbols.find((s) => s !== WILD);
  let best = { symbol: WILD, count: wildRun, pay: wildPay };
  if (symbol && symbol !== SCATTER) {
    let run = 0;
    while (run < symbols.length && (symbols[run] === WILD || symbols[run] === symbol)) run += 1;
    const pay = run >= 3 ? (pays[symbol]?.[run - 3] ?? 0) : 0;
    if (pay > best.pay) best = { symbol, count: run, pay };
  }
  return best.pay > 0 ? best : { symbol: best.symbol, count: best.count, pay: 0 };
}

export function evaluate(stops: readonly number[], params: SlotParams, bet: number): SlotView {
  const reels = params.strips.map((strip, reel) => Array.from({ length: SLOT_ROWS }, (_, row) => symbolAt(strip, stops[reel]! + row)));
  const lineBet = bet / PAYLINES.length;
  const lines: SlotView['lines'] = [];
  let lineTotal = 0;
  PAYLINES.forEach((rows, line) => {
    const { symbol, count, pay } = linePay(
      rows.map((row, reel) => reels[reel]![row]!),
      params.pays,
    );
    if (pay > 0) {
      lines.push({ line: line + 1, symbol, count, win: Math.floor(pay * lineBet) });
      lineTotal += pay;
    }
  });
  const scatters = reels.reduce((sum, window) => sum + window.filter((s) => s === SCATTER).length, 0);
  const scatterPay = scatters >= 3 ? params.scatterPays[Math.min(scatters, 5) - 3]! : 0;
  // One rounding for the whole spin, down to whole centavos.
  const win = Math.floor(lineTotal * lineBet + scatterPay * bet);
  return {
    reels,
    stops: [...stops],
    lines,
    scatters,
    scatterWin: scatterPay * bet,
    jackpot: reels.every((window) => window.includes(SCATTER)),
    win,
  };
}

function spin(rng: Rng, params: SlotParams): number[] {
  return params.strips.map((strip) => rng.int(strip.length));
}

/** The exact return of the base game (lines + scatters), as a fraction of the total bet. */
export function exactRtp(params: SlotParams): number {
  const symbols = [...new Set(params.strips.join(''))];
  const freq = params.strips.map((strip) => {
    const counts = new Map<string, number>();
    for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
    return new Map([...counts].map(([s, n]) => [s, n / strip.length]));
  });
  // Expected line pay (line bets): every 5-tuple of symbols, weighted by its probability.
  let lineExpectation = 0;
  const tuple: string[] = [];
  const walk = (reel: number, probability: number) => {
    if (probability === 0) return;
    if (reel === SLOT_REELS) {
      lineExpectation += probability * linePay(tuple, params.pays).pay;
      return;
    }
    for (const symbol of symbols) {
      tuple[reel] = symbol;
      walk(reel + 1, probability * (freq[reel]!.get(symbol) ?? 0));
    }
  };
  walk(0, 1);
  // Scatter count distribution: per reel over its windows, convolved.
  let distribution = [1];
  for (const strip of params.strips) {
    const perReel = [0, 0, 0, 0];
    for (let stop = 0; stop < strip.length; stop += 1) {
      let n = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1) if (symbolAt(strip, stop + row) === SCATTER) n += 1;
      perReel[n]! += 1 / strip.length;
    }
    const next = new Array<number>(distribution.length + 3).fill(0);
    distribution.forEach((p, have) => perReel.forEach((q, add) => (next[have + add]! += p * q)));
    distribution = next;
  }
  let scatterExpectation = 0;
  distribution.forEach((p, n) => {
    if (n >= 3) scatterExpectation += p * params.scatterPays[Math.min(n, 5) - 3]!;
  });
  // Line pays are per line bet (total / lines) on each of the lines: the lines' sum is one line's expectation.
  return lineExpectation + scatterExpectation;
}

/** The probability that one spin wins the jackpot (a scatter on every reel's window). */
export function jackpotProbability(params: SlotParams): number {
  return params.strips.reduce((p, strip) => {
    let hits = 0;
    for (let stop = 0; stop < strip.length; stop += 1) {
      if ([0, 1, 2].some((row) => symbolAt(strip, stop + row) === SCATTER)) hits += 1;
    }
    return p * (hits / strip.length);
  }, 1);
}

const rtpCache = new WeakMap<SlotParams, number>();

/** A slot spin takes at least this long on screen (UK slot design rules: no faster than 2.5 s per spin). */
export const SLOT_MIN_SPIN_MS = 2_500;

export const slotEngine: InstantEngine<SlotParams, null> = {
  engine: GameEngine.Slot,
  rtpBps(params) {
    let rtp = rtpCache.get(params);
    if (rtp === undefined) {
      rtp = exactRtp(params);
      rtpCache.set(params, rtp);
    }
    return Math.round(rtp * 10_000);
  },
  start({ bet, params, rng }) {
    const view = evaluate(spin(rng, params), params, bet);
    const outcome = `Reels ${view.stops.map((s) => s + 1).join('-')}: ${view.reels
      .map((window) => window.join(''))
      .join(' ')}${view.win > 0 ? `, win ${(view.win / 100).toFixed(2)}` : ''}${view.jackpot ? ', JACKPOT' : ''}`;
    return { state: null, view, settled: { win: view.win, outcome, ...(view.jackpot ? { jackpot: true } : {}) } };
  },
  autoplay({ bet, params, rng }) {
    return { win: evaluate(spin(rng, params), params, bet).win };
  },
  page() {
    return { title: 'Slot', html: SLOT_HTML, script: SLOT_SCRIPT, css: SLOT_CSS };
  },
};

const SLOT_HTML = `<div class="slot" data-testid="slot">
<div class="slot-window" id="slot-window" aria-live="polite"></div>
<p class="slot-result" id="slot-result" data-testid="slot-result"></p>
<button type="button" class="slot-spin" id="slot-spin" data-testid="spin">SPIN</button>
</div>`;

const SLOT_CSS = `.slot{display:flex;flex-direction:column;align-items:center;gap:12px}
.slot-window{display:grid;grid-template-columns:repeat(5,1fr);gap:6px;width:100%;max-width:360px}
.slot-reel{display:flex;flex-direction:column;gap:6px}
.slot-cell{aspect-ratio:1;display:flex;align-items:center;justify-content:center;font-size:28px;font-weight:700;border-radius:10px;background:rgba(255,255,255,.92);color:#1b2430}
.slot-cell.s-W{background:#fff3c4;color:#b26a00}.slot-cell.s-S{background:#e3f2fd;color:#1565c0}
.slot-cell.s-A{color:#c62828}.slot-cell.s-B{font-size:18px;color:#37474f}.slot-cell.s-C{color:#d81b60}.slot-cell.s-D{color:#263238}
.slot-cell.s-E{color:#e65100}.slot-cell.s-F{color:#2e7d32}.slot-cell.s-G{color:#6a1b9a}
.slot-cell.win{outline:3px solid var(--accent,#f5b50a)}
.slot-cell.spinning{opacity:.4}
.slot-result{min-height:1.5em;margin:0;font-weight:600}
.slot-spin{font:inherit;font-size:20px;font-weight:800;padding:14px 48px;border:0;border-radius:999px;background:var(--accent,#f5b50a);color:#1b2430}
.slot-spin:disabled{opacity:.5}`;

const SLOT_SCRIPT = `(function(){
var glyphs=${JSON.stringify(SLOT_GLYPHS)};
var lines=${JSON.stringify(PAYLINES)};
var box=document.getElementById('slot-window');
var result=document.getElementById('slot-result');
var button=document.getElementById('slot-spin');
function draw(reels,winning){
  box.textContent='';
  reels.forEach(function(window,reel){
    var column=document.createElement('div');column.className='slot-reel';
    window.forEach(function(symbol,row){
      var cell=document.createElement('div');cell.className='slot-cell s-'+symbol;
      if(winning&&winning[reel+':'+row])cell.className+=' win';
      cell.textContent=glyphs[symbol]||symbol;column.appendChild(cell);
    });
    box.appendChild(column);
  });
}
draw([['A','B','C'],['D','W','E'],['F','S','G'],['B','A','D'],['C','E','F']]);
function after(ms){return new Promise(function(resolve){setTimeout(resolve,ms);});}
button.addEventListener('click',function(){
  button.disabled=true;result.textContent='';result.removeAttribute('data-celebrated');
  Array.prototype.forEach.call(box.querySelectorAll('.slot-cell'),function(c){c.className+=' spinning';});
  // A spin takes at least ${SLOT_MIN_SPIN_MS / 1000} s on screen, however fast the answer comes.
  var paced=after(${SLOT_MIN_SPIN_MS});
  panalo.start({spin:true}).then(function(answer){return paced.then(function(){return answer;});}).then(function(answer){
    var view=answer.view;var bet=answer.bet||panalo.bet();
    // Only a win above the stake is a win: a smaller return is told plainly, without highlights.
    var celebrate=view.jackpot||answer.win>bet;var winning={};
    if(celebrate){view.lines.forEach(function(l){for(var r=0;r<l.count;r++)winning[r+':'+lines[l.line-1][r]]=true;});
      if(view.scatterWin>0)view.reels.forEach(function(w,reel){w.forEach(function(s,row){if(s==='S')winning[reel+':'+row]=true;});});}
    draw(view.reels,winning);
    if(celebrate)result.setAttribute('data-celebrated','true');
    result.textContent=view.jackpot?panalo.text('jackpot'):celebrate?panalo.text('won')+' '+panalo.money(answer.win)
      :answer.win>0?panalo.text('returned')+' '+panalo.money(answer.win)+' '+panalo.text('ofBet'):panalo.text('noWin');
  },function(){return paced.then(function(){draw([['A','B','C'],['D','W','E'],['F','S','G'],['B','A','D'],['C','E','F']]);});})
  .then(function(){button.disabled=false;});
});
})();`;
