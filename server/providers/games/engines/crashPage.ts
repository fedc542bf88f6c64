import type { CrashParams } from './crash';

/**
 * The crash page inside the simulator's game shell: the rising multiplier (drawn on the engine's own
 * curve from the moment the server answered), a rocket on a curve, an optional auto cash-out, and the
 * crash point revealed at the end. The page asks the server (`tick`) every 0.7 s whether the round
 * crashed: it never knows the crash point before (a tick in flight is not stored and reads no balance). A
 * page reloaded mid-flight picks the round up (`panalo.onResume`, the server's elapsed time) and flies on.
 */

export const CRASH_HTML = `<div class="cr" data-testid="crash">
<div class="cr-sky"><canvas id="cr-canvas" width="360" height="200"></canvas>
<div class="cr-multiplier" id="cr-multiplier" data-testid="crash-multiplier" aria-live="polite">1.00×</div></div>
<p class="cr-result" id="cr-result" data-testid="crash-result"></p>
<label class="cr-auto"><span id="cr-auto-label">Auto cash-out</span> <input id="cr-target" type="number" inputmode="decimal" min="1.01" step="0.01" placeholder="off" data-testid="crash-target"> ×</label>
<button type="button" class="cr-button" id="cr-button" data-testid="crash-bet">BET</button>
</div>`;

export const CRASH_CSS = `.cr{display:flex;flex-direction:column;align-items:center;gap:12px}
.cr-sky{position:relative;width:100%;max-width:360px;border-radius:12px;background:linear-gradient(#0b1026,#27306b);overflow:hidden}
.cr-sky canvas{display:block;width:100%;height:auto}
.cr-multiplier{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;font-size:44px;font-weight:800;color:#fff;text-shadow:0 2px 8px rgba(0,0,0,.6)}
.cr-multiplier.crashed{color:#ff5252}.cr-multiplier.cashed{color:#69f0ae}
.cr-result{min-height:1.5em;margin:0;font-weight:700;text-align:center}
.cr-auto{display:flex;align-items:center;gap:6px}.cr-auto input{width:80px;font:inherit;padding:6px;border-radius:8px;border:0}
.cr-button{font:inherit;font-size:20px;font-weight:800;padding:14px 48px;border:0;border-radius:999px;background:var(--accent,#f5b50a);color:#1b2430}
.cr-button.cashout{background:#69f0ae}.cr-button:disabled{opacity:.5}`;

export function crashScript(params: CrashParams): string {
  return `(function(){
var growth=${params.growthPerMs},cap=${params.capHundredths};
var zh=document.documentElement.lang==='zh';function t(en,cn){return zh?cn:en;}
var canvas=document.getElementById('cr-canvas'),ctx=canvas.getContext('2d'),label=document.getElementById('cr-multiplier'),result=document.getElementById('cr-result'),button=document.getElementById('cr-button'),targetInput=document.getElementById('cr-target');
var round=null,startedAt=0,timer=null,frame=null,busy=false,pending=false;
function fmt(h){return (h/100).toFixed(2)+'×';}
function at(ms){return Math.min(cap,Math.floor(100*Math.exp(growth*Math.max(0,ms))));}
function draw(h,state){var w=canvas.width,hgt=canvas.height;ctx.clearRect(0,0,w,hgt);var top=Math.max(200,h*1.2),span=Math.log(top/100);
ctx.strokeStyle=state==='crashed'?'#ff5252':'#ffd54f';ctx.lineWidth=4;ctx.beginPath();var steps=60,end=Math.log(h/100)/span,x=10,y=hgt-10;
for(var i=0;i<=steps;i++){var f=i/steps*end;x=10+f*(w-40);var m=Math.exp(f*span);y=hgt-10-(m-1)/(top/100-1)*(hgt-30);if(i===0)ctx.moveTo(x,y);else ctx.lineTo(x,y);}
ctx.stroke();if(state!=='crashed'){ctx.fillStyle=state==='cashed'?'#69f0ae':'#fff';ctx.beginPath();ctx.arc(x,y,7,0,Math.PI*2);ctx.fill();}label.textContent=fmt(h);label.className='cr-multiplier'+(state?' '+state:'');}
function stop(){if(timer)clearInterval(timer);if(frame)cancelAnimationFrame(frame);timer=null;frame=null;}
function animate(){frame=requestAnimationFrame(animate);if(round)draw(at(performance.now()-startedAt));}
function finish(answer){stop();round=null;pending=false;var v=answer.view;
if(v.phase==='cashed'){draw(v.multiplier,'cashed');result.textContent=t('Cashed out at ','兑现于 ')+fmt(v.multiplier)+' · '+panalo.money(answer.win)+' · '+t('crashed at ','崩盘于 ')+fmt(v.crashPoint);}
else{draw(v.crashPoint,'crashed');result.textContent=t('Crashed at ','崩盘于 ')+fmt(v.crashPoint);}
button.textContent=t('BET','下注');button.className='cr-button';button.disabled=false;targetInput.disabled=false;}
function step(type){if(!round)return;if(busy){if(type==='cashout')pending=true;return;}busy=true;
panalo.act({type:type}).then(function(answer){if(answer.status==='settled')finish(answer);},function(){}).then(function(){busy=false;if(type==='cashout'&&round)button.disabled=false;if(pending&&round){pending=false;step('cashout');}});}
function fly(id){round=id;button.textContent=t('CASH OUT','兑现');button.className='cr-button cashout';button.disabled=false;targetInput.disabled=true;
animate();timer=setInterval(function(){step('tick');},700);}
panalo.onResume(function(open){var v=open&&open.view;stop();pending=false;if(!v||v.phase!=='flying'){round=null;draw(100);
button.textContent=t('BET','下注');button.className='cr-button';button.disabled=false;targetInput.disabled=false;return;}startedAt=performance.now()-open.elapsedMs;
if(v.target)targetInput.value=(v.target/100).toFixed(2);fly(open.roundId);step('tick');});
draw(100);button.textContent=t('BET','下注');document.getElementById('cr-auto-label').textContent=t('Auto cash-out','自动兑现');targetInput.placeholder=t('off','关闭');
button.addEventListener('click',function(){
if(round){button.disabled=true;step('cashout');return;}
var raw=targetInput.value.trim();var target=raw===''?null:Number(raw);
button.disabled=true;targetInput.disabled=true;result.textContent='';
panalo.start({target:target}).then(function(answer){if(answer.status==='settled'){finish(answer);return;}
startedAt=performance.now();fly(answer.roundId);},function(){button.disabled=false;targetInput.disabled=false;});
});
})();`;
}
