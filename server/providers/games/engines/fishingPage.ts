import type { FishType } from './fishing';

/**
 * The fishing page inside the simulator's game shell: fish of the variant's school swim across the sea
 * (spawned by their spawn weights, drawn with CSS transforms), a cannon at the bottom turns towards the
 * fish the player taps and fires; each shot is one round (`panalo.start({ fish })`). A caught fish
 * flips away with its win; a missed one swims on. The legend lists every fish's pay and catch chance.
 */

export const FISHING_HTML = `<div class="fi" data-testid="fishing">
<div class="fi-sea" id="fi-sea" data-testid="fishing-sea"><div class="fi-cannon" id="fi-cannon">▲</div></div>
<p class="fi-result" id="fi-result" data-testid="fishing-result" aria-live="polite">Tap a fish to shoot</p>
<details class="fi-legend"><summary id="fi-legend-title">Fish and pays</summary><table id="fi-legend"></table></details>
</div>`;

export const FISHING_CSS = `.fi{display:flex;flex-direction:column;align-items:center;gap:10px}
.fi-sea{position:relative;width:100%;max-width:360px;height:320px;border-radius:12px;overflow:hidden;background:linear-gradient(#0288d1,#01579b 60%,#002f6c);touch-action:manipulation}
.fi-fish{position:absolute;left:0;top:0;border:0;background:none;padding:0;line-height:1;cursor:crosshair;will-change:transform}.fi-fish svg{display:block;overflow:visible}
.fi-fish .fi-tag{position:absolute;left:50%;top:-12px;transform:translateX(-50%);font-size:10px;color:#fff;font-weight:700;white-space:nowrap}
.fi-fish.caught{transition:opacity .6s,transform .6s;opacity:0}
.fi-cannon{position:absolute;left:50%;bottom:4px;width:36px;height:36px;margin-left:-18px;border-radius:50%;background:var(--accent,#f5b50a);color:#1b2430;display:flex;align-items:center;justify-content:center;font-size:20px;transition:transform .1s;z-index:2}
.fi-bullet{position:absolute;width:10px;height:10px;margin:-5px 0 0 -5px;border-radius:50%;background:#ffeb3b;box-shadow:0 0 8px #ffeb3b;transition:transform .25s linear;z-index:1}
.fi-pop{position:absolute;font-weight:800;color:#ffeb3b;text-shadow:0 1px 3px #000;pointer-events:none;transition:transform 1s,opacity 1s;z-index:3}
.fi-result{min-height:1.5em;margin:0;font-weight:700}
.fi-legend{width:100%;max-width:360px;font-size:13px}.fi-legend td{padding:2px 6px}.fi-legend td:nth-child(n+3){text-align:right}`;

const FISH_NAMES_CN: Readonly<Record<string, string>> = {
  minnow: '小鱼',
  clownfish: '小丑鱼',
  puffer: '河豚',
  squid: '鱿鱼',
  octopus: '章鱼',
  turtle: '海龟',
  shark: '鲨鱼',
  whale: '鲸鱼',
  dragon: '龙王',
};

/** The page's script; `odds` gives each fish's mean multiplier and catch chance (from the engine's rules). */
export function fishingScript(
  fishes: readonly FishType[],
  odds: (fish: FishType) => { meanMultiplier: number; catchChance: number },
): string {
  const school = fishes.map((fish) => ({
    id: fish.id,
    name: fish.name,
    cn: FISH_NAMES_CN[fish.id] ?? fish.name,
    glyph: fish.glyph,
    color: fish.color,
    pays: fish.multipliers.length > 1 ? `${fish.multipliers[0]}–${fish.multipliers.at(-1)}×` : `${fish.multipliers[0]}×`,
    size: Math.round(26 + 7 * Math.log2(odds(fish).meanMultiplier)),
    weight: fish.spawnWeight,
    chance: `${(odds(fish).catchChance / 10_000).toFixed(2)} %`,
  }));
  return `(function(){
var school=${JSON.stringify(school)};
var zh=document.documentElement.lang==='zh';function t(en,cn){return zh?cn:en;}function nm(f){return zh?f.cn:f.name;}
document.getElementById('fi-result').textContent=t('Tap a fish to shoot','点击鱼射击');document.getElementById('fi-legend-title').textContent=t('Fish and pays','鱼与赔率');
var sea=document.getElementById('fi-sea'),cannon=document.getElementById('fi-cannon'),result=document.getElementById('fi-result'),legend=document.getElementById('fi-legend');
school.forEach(function(f){var tr=document.createElement('tr');[nm(f),'',f.pays,f.chance].forEach(function(t){var td=document.createElement('td');td.textContent=t;tr.appendChild(td);});legend.appendChild(tr);});
var total=school.reduce(function(s,f){return s+f.weight;},0),swimmers=[],last=performance.now(),shooting=0;
function pick(){var d=Math.random()*total;for(var i=0;i<school.length;i++){if(d<school[i].weight)return school[i];d-=school[i].weight;}return school[0];}
function spawn(initial){var f=pick(),W=sea.clientWidth||360,H=sea.clientHeight||320,dir=Math.random()<.5?1:-1;
var el=document.createElement('button');el.type='button';el.className='fi-fish';el.setAttribute('data-testid','fish');el.setAttribute('data-fish',f.id);el.setAttribute('aria-label',nm(f)+' '+f.pays);
el.style.width=f.size+'px';el.style.height=Math.round(f.size*.6)+'px';
el.innerHTML='<svg viewBox="0 0 40 24" width="100%" height="100%" aria-hidden="true"><path d="M3 12Q15-1 29 12Q15 25 3 12Z" fill="'+f.color+'"/><path d="M28 12L39 3V21Z" fill="'+f.color+'"/><circle cx="9" cy="10" r="2.2" fill="#fff"/><circle cx="9" cy="10" r="1.1" fill="#000"/>'+(f.id==='dragon'?'<path d="M11 3L13 -1 15 3 17 -1 19 3Z" fill="#fff176"/>':'')+'</svg><span class="fi-tag">'+f.pays+'</span>';
el.firstChild.style.transform='scaleX('+(-dir)+')';
var s={el:el,fish:f,dir:dir,x:initial?Math.random()*W:(dir>0?-f.size:W),y:20+Math.random()*(H-f.size-70),speed:(18+Math.random()*30)*(80/(f.size+40)),wobble:Math.random()*6,busy:false,gone:false};
el.addEventListener('click',function(){shoot(s);});sea.appendChild(el);swimmers.push(s);}
function place(s,t){s.el.style.transform='translate('+s.x+'px,'+(s.y+Math.sin(t/600+s.wobble)*6)+'px)';}
function tick(t){var dt=Math.min(.1,(t-last)/1000);last=t;var W=sea.clientWidth||360;
swimmers=swimmers.filter(function(s){if(s.gone)return false;if(!s.busy)s.x+=s.dir*s.speed*dt;if(s.x<-80||s.x>W+40){s.el.remove();return false;}place(s,t);return true;});
while(swimmers.length<8)spawn(false);requestAnimationFrame(tick);}
function pop(x,y,text){var p=document.createElement('div');p.className='fi-pop';p.textContent=text;p.style.left=x+'px';p.style.top=y+'px';sea.appendChild(p);
requestAnimationFrame(function(){p.style.transform='translateY(-40px)';p.style.opacity='0';});setTimeout(function(){p.remove();},1000);}
function shoot(s){if(s.busy||shooting>2)return;s.busy=true;shooting++;
var W=sea.clientWidth,H=sea.clientHeight,cx=W/2,cy=H-22,tx=s.x+s.fish.size/2,ty=s.y+s.fish.size/2;
cannon.style.transform='rotate('+(Math.atan2(tx-cx,cy-ty)*180/Math.PI)+'deg)';
var b=document.createElement('div');b.className='fi-bullet';b.style.left=cx+'px';b.style.top=cy+'px';sea.appendChild(b);
requestAnimationFrame(function(){b.style.transform='translate('+(tx-cx)+'px,'+(ty-cy)+'px)';});
panalo.start({fish:s.fish.id}).then(function(answer){var v=answer.view;b.remove();
if(v.caught){s.gone=true;s.el.classList.add('caught');setTimeout(function(){s.el.remove();},600);pop(tx,ty,'+'+panalo.money(answer.win));result.textContent=t('Caught a ','捕获 ')+nm(s.fish)+' · '+v.multiplier+'× · '+panalo.money(answer.win);}
else{s.busy=false;result.textContent=t('The '+s.fish.name+' got away',nm(s.fish)+'逃走了');}},function(){b.remove();s.busy=false;}).then(function(){shooting--;});}
for(var i=0;i<8;i++)spawn(true);requestAnimationFrame(tick);
})();`;
}
