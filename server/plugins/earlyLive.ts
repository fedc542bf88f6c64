import { Destination, STOMP_PATH, STOMP_PROTOCOL } from '../../src/contract/feed';

/**
 * Live prices before the app runs (issue 31): on /sports and /foryou the server draws the first rows
 * from the snapshots it inlines (./firstRows.ts), but the app that keeps them live (its entry, then the
 * realtime worker's script, its socket, its subscriptions) is 170 KB and four round trips away; on a
 * phone at 50 kB/s the first price moved only ~8 s after the tap. This inline script, in the head,
 * opens its own socket as the page starts to arrive (a visitor's: no token), subscribes to each list's
 * destination with `since` = the seq its snapshots stand at (`#panalo-live-since`, before it), so the
 * server sends at once what moved since the page was drawn (server/realtime/recentDeltas.ts), and
 * writes each new price into the drawn rows, as PriceButton shows it in the default odds format
 * (decimal, 2 places).
 *
 * It keeps what it saw in `window.__panaloLive`: `prices` ('marketId|key' → price), which the app's
 * first render draws the inlined rows with (src/realtime/client.ts `firstList`), so its rows take over
 * with the prices on screen rather than older ones; and `deltas` (per destination, as received), which
 * the app hands to the realtime worker with the snapshots (`handOverFirstLists`), so the worker starts
 * where the rows are and its own subscription goes on from there. The app ends it then
 * (`window.__panaloLive.stop()`), and stops its writing into the drawn rows (`held`) when it begins to
 * draw its own; it ends itself after EARLY_LIVE_MS whatever happens. It only writes
 * prices (market locks, scores and clocks wait for the app) and only into the drawn rows
 * (`[data-first-rows]`), never into React's. ES5, no library; allowed by its hash in the page's policy.
 */
export const EARLY_LIVE_MS = 60_000;

/** The element that names the seq each list destination's snapshots stand at (`{ "/topic/sport/1": 1234 }`), in the head. */
export const LIVE_SINCE_ID = 'panalo-live-since';

/** The seq to ask from per destination: the oldest snapshot's of each (what followed it comes first). */
export function liveSince(lists: readonly { query: { sportTypeId: string }; snapshot: { seq: number } }[]): Record<string, number> {
  const since: Record<string, number> = {};
  for (const { query, snapshot } of lists) {
    const destination = Destination.sport(query.sportTypeId);
    if (!(destination in since) || snapshot.seq < since[destination]!) since[destination] = snapshot.seq;
  }
  return since;
}

export const EARLY_LIVE_SCRIPT =
  '(function(){' +
  `var d=document,w=window,el=d.getElementById('${LIVE_SINCE_ID}');` +
  "if(!el||typeof WebSocket!=='function')return;" +
  "var since;try{since=JSON.parse(el.textContent||'');}catch(e){return;}" +
  'var any=0;for(var t in since)any=1;if(!any)return;' +
  'var live=w.__panaloLive={prices:{},deltas:{},stop:stop},ws,n=0;' +
  `try{ws=new WebSocket((location.protocol==='https:'?'wss://':'ws://')+location.host+'${STOMP_PATH}',['${STOMP_PROTOCOL}']);}catch(e){return;}` +
  `var timer=setTimeout(stop,${EARLY_LIVE_MS});` +
  'function stop(){if(live.stopped)return;live.stopped=1;clearTimeout(timer);try{ws.close();}catch(e){}}' +
  'ws.onclose=stop;' +
  // CONNECT and the SUBSCRIBEs in one flight: the endpoint handles a socket's frames in order, so they
  // are filed once it has connected, and the first prices come one round trip after the socket opens.
  "ws.onopen=function(){var f='CONNECT\\naccept-version:1.2\\nheart-beat:0,0\\n\\n\\u0000';" +
  "for(var t in since)f+='SUBSCRIBE\\nid:early-'+(n++)+'\\ndestination:'+t+'\\nsince:'+since[t]+'\\n\\n\\u0000';ws.send(f);};" +
  // Frames end with NUL (several may share a message); heart-beats are bare newlines.
  "ws.onmessage=function(e){if(live.stopped||typeof e.data!=='string')return;var fs=e.data.split('\\u0000');" +
  "for(var i=0;i<fs.length;i++){var f=fs[i].replace(/^[\\r\\n]+/,''),b=f.indexOf('\\n\\n');if(b<0)continue;var h=f.slice(0,b).split('\\n'),c=h[0],to='';" +
  "for(var j=1;j<h.length;j++)if(h[j].indexOf('destination:')===0)to=h[j].slice(12);" +
  "if(c==='MESSAGE'&&to in since){try{apply(to,JSON.parse(f.slice(b+2)));}catch(x){}}" +
  "else if(c==='ERROR')stop();}};" +
  // Every delta is kept for the app (the worker applies them on the snapshot); prices also go on screen.
  "function apply(to,delta){if(!delta||typeof delta.seq!=='number')return;(live.deltas[to]=live.deltas[to]||[]).push(delta);var ch=delta.changes||[];" +
  "for(var i=0;i<ch.length;i++){var c=ch[i];if(c.t!=='price')continue;live.prices[c.marketId+'|'+c.key]=c.price;draw(c.marketId,c.key,c.price);}}" +
  // PriceButton's odds (lib/odds.ts formatOdds, decimal): a locked price (≤ 1) is left to the app. Not
  // once the app has begun drawing its own rows (`held`): they take the prices known then.
  "function draw(m,k,p){if(live.held||!(p>1))return;var text=(Math.round((p+Number.EPSILON)*100)/100).toFixed(2),bs=d.querySelectorAll('[data-first-rows] [data-testid=price]');" +
  "for(var i=0;i<bs.length;i++){var b=bs[i];if(b.getAttribute('data-market')!==m||b.getAttribute('data-key')!==k)continue;var s=b.querySelector('[data-price]');if(!s||s.getAttribute('data-price')===String(p))continue;" +
  "var old=s.textContent,a=b.getAttribute('aria-label'),at=a&&old?a.lastIndexOf(old):-1;s.setAttribute('data-price',String(p));s.textContent=text;" +
  "if(at>=0)b.setAttribute('aria-label',a.slice(0,at)+text+a.slice(at+old.length));}}" +
  // The rows may still be on their way when the first prices come (the socket opens from the head).
  "d.addEventListener('DOMContentLoaded',function(){for(var k in live.prices){var i=k.indexOf('|');draw(k.slice(0,i),k.slice(i+1),live.prices[k]);}});" +
  '})();';
