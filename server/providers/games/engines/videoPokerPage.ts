import { HAND_RANK_NAMES } from './videoPokerHands';
import type { VideoPokerParams } from './videoPoker';

/**
 * The video poker page inside the simulator's game shell (page.ts gives `panalo`: start/act a round,
 * money, the balance, the fair panel and the history). Deal → tap cards to hold → Draw. A page reloaded
 * after the deal gets the dealt hand back (`panalo.onResume`) and draws from it.
 */

export const VIDEO_POKER_HTML = `<div class="vp" data-testid="video-poker">
<table class="vp-pays" id="vp-pays" aria-label="Paytable"></table>
<div class="vp-hand" id="vp-hand" aria-live="polite"></div>
<p class="vp-result" id="vp-result" data-testid="vp-result"></p>
<button type="button" class="vp-button" id="vp-button" data-testid="vp-deal">DEAL</button>
</div>`;

export const VIDEO_POKER_CSS = `.vp{display:flex;flex-direction:column;align-items:center;gap:12px}
.vp-pays{width:100%;max-width:360px;border-collapse:collapse;font-size:13px;background:rgba(0,0,0,.25);border-radius:8px}
.vp-pays td{padding:2px 8px}.vp-pays td:last-child{text-align:right;font-weight:700}
.vp-pays tr.hit{background:var(--accent,#f5b50a);color:#1b2430}
.vp-hand{display:grid;grid-template-columns:repeat(5,1fr);gap:6px;width:100%;max-width:360px}
.vp-card{position:relative;aspect-ratio:5/7;border:0;border-radius:8px;background:#fff;color:#1b2430;font:inherit;font-size:22px;font-weight:800;display:flex;flex-direction:column;align-items:center;justify-content:center;line-height:1.1;padding:0}
.vp-card.red{color:#c62828}.vp-card.back{background:repeating-linear-gradient(45deg,#1565c0 0 6px,#0d47a1 6px 12px)}
.vp-card.held{outline:3px solid var(--accent,#f5b50a);transform:translateY(-6px)}
.vp-card .vp-held{position:absolute;bottom:-20px;font-size:11px;color:var(--accent,#f5b50a)}
.vp-result{min-height:1.5em;margin:10px 0 0;font-weight:700}
.vp-button{font:inherit;font-size:20px;font-weight:800;padding:14px 48px;border:0;border-radius:999px;background:var(--accent,#f5b50a);color:#1b2430}
.vp-button:disabled{opacity:.5}`;

export function videoPokerScript(params: VideoPokerParams): string {
  const rows = [9, 8, 7, 6, 5, 4, 3, 2, 1].map((rank) => [rank, HAND_RANK_NAMES[rank as keyof typeof HAND_RANK_NAMES], params.pays[rank]]);
  return `(function(){
var rows=${JSON.stringify(rows)};
var zh=document.documentElement.lang==='zh';function t(en,cn){return zh?cn:en;}
var CN={1:'J或以上对子',2:'两对',3:'三条',4:'顺子',5:'同花',6:'葫芦',7:'四条',8:'同花顺',9:'皇家同花顺'};function rankName(r,en){return zh&&CN[r]?CN[r]:en;}
var suits={S:'♠',H:'♥',D:'♦',C:'♣'};
var pays=document.getElementById('vp-pays'),hand=document.getElementById('vp-hand'),result=document.getElementById('vp-result'),button=document.getElementById('vp-button');
var round=null,held=[false,false,false,false,false],cards=null;
function drawPays(hit){pays.textContent='';rows.forEach(function(r){var tr=document.createElement('tr');if(r[0]===hit)tr.className='hit';var a=document.createElement('td');a.textContent=rankName(r[0],r[1]);var b=document.createElement('td');b.textContent=r[2]+'×';tr.appendChild(a);tr.appendChild(b);pays.appendChild(tr);});}
function drawHand(){hand.textContent='';for(var i=0;i<5;i++){(function(i){var b=document.createElement('button');b.type='button';b.setAttribute('data-testid','vp-card');
if(!cards){b.className='vp-card back';b.disabled=true;}else{var c=cards[i];b.className='vp-card'+(c[1]==='H'||c[1]==='D'?' red':'')+(held[i]?' held':'');
b.innerHTML='<span>'+(c[0]==='T'?'10':c[0])+'</span><span>'+suits[c[1]]+'</span>'+(held[i]?'<span class="vp-held">'+t('HELD','保留')+'</span>':'');b.setAttribute('aria-pressed',String(held[i]));b.disabled=!round;
b.addEventListener('click',function(){held[i]=!held[i];drawHand();});}
hand.appendChild(b);})(i);}}
button.textContent=t('DEAL','发牌');drawPays(-1);drawHand();
panalo.onResume(function(open){var v=open&&open.view;if(!v||v.phase!=='dealt'){round=null;button.textContent=t('DEAL','发牌');button.disabled=false;drawHand();return;}round=open.roundId;cards=v.cards;held=[false,false,false,false,false];
drawPays(v.pay>0?v.rank:-1);result.textContent=v.pay>0?rankName(v.rank,v.rankName):t('Tap the cards to hold','点击要保留的牌');button.textContent=t('DRAW','换牌');button.disabled=false;drawHand();});
button.addEventListener('click',function(){button.disabled=true;
if(!round){result.textContent='';held=[false,false,false,false,false];
panalo.start({}).then(function(answer){round=answer.roundId;cards=answer.view.cards;drawPays(answer.view.pay>0?answer.view.rank:-1);result.textContent=answer.view.pay>0?rankName(answer.view.rank,answer.view.rankName):t('Tap the cards to hold','点击要保留的牌');button.textContent=t('DRAW','换牌');drawHand();},function(){}).then(function(){button.disabled=false;});}
else{panalo.act({hold:held}).then(function(answer){round=null;var v=answer.view;cards=v.cards;drawPays(v.pay>0?v.rank:-1);
result.textContent=v.pay>0?rankName(v.rank,v.rankName)+' · '+panalo.money(answer.win):t('No win','未中奖');button.textContent=t('DEAL','发牌');drawHand();},function(){}).then(function(){button.disabled=false;});}
});
})();`;
}
