/**
 * The session page's only script, inlined. It reads the markers' data attributes and writes them
 * into the details panel with textContent (never as markup), and shows the token count under
 * the pointer from the numbers-only series block. One listener each on the SVG: the page stays
 * fast however many markers there are.
 */
export const PAGE_SCRIPT = `(function(){
var svg=document.getElementById('timeline');var panel=document.getElementById('details');var body=document.getElementById('details-body');
if(!svg||!panel||!body)return;
var fields=[['kind','Kind'],['seq','Entry'],['uuid','Entry uuid'],['time','Time'],['tokens','Tokens'],['reason','Reason'],['rung','Rung'],['before','Tokens before'],['after','Tokens after'],['run','Run'],['batch','Serves'],['files','Files'],['audit','Audit'],['lost','Lost at compaction'],['tools','Tool calls'],['errors','Tool errors']];
var pinned=null,current=null;
function marker(t){return t&&t.closest?t.closest('.m'):null;}
function show(el){
if(current)current.classList.remove('sel');current=el;el.classList.add('sel');
var dl=document.createElement('dl');
for(var i=0;i<fields.length;i++){var v=el.getAttribute('data-'+fields[i][0]);if(v===null)continue;
var dt=document.createElement('dt');dt.textContent=fields[i][1];var dd=document.createElement('dd');dd.textContent=v;dl.appendChild(dt);dl.appendChild(dd);}
body.replaceChildren(dl);panel.classList.toggle('pinned',pinned===el);}
svg.addEventListener('mouseover',function(e){var m=marker(e.target);if(m&&!pinned)show(m);});
svg.addEventListener('click',function(e){var m=marker(e.target);if(!m)return;pinned=pinned===m?null:m;show(m);});
svg.addEventListener('focusin',function(e){var m=marker(e.target);if(m){pinned=null;show(m);}});
svg.addEventListener('keydown',function(e){var m=marker(e.target);if(m&&(e.key==='Enter'||e.key===' ')){e.preventDefault();pinned=m;show(m);}});
var data=document.getElementById('series');var readout=document.getElementById('readout');var cross=document.getElementById('cross');
if(!data||!readout||!cross)return;
var pts=JSON.parse(data.textContent||'[]');if(pts.length===0)return;
var s0=+svg.dataset.seq0,s1=+svg.dataset.seq1,left=+svg.dataset.left,width=+svg.dataset.width,top=+svg.dataset.top,bottom=+svg.dataset.bottom;
var fmt=new Intl.NumberFormat('en-US');
svg.addEventListener('mousemove',function(e){var ctm=svg.getScreenCTM();if(!ctm)return;
var p=new DOMPoint(e.clientX,e.clientY).matrixTransform(ctm.inverse());
if(p.x<left||p.x>left+width||p.y<top||p.y>bottom){cross.setAttribute('visibility','hidden');return;}
var seq=s0+(p.x-left)/width*(s1-s0);var lo=0,hi=pts.length-1;
while(lo<hi){var mid=(lo+hi+1)>>1;if(pts[mid][0]<=seq)lo=mid;else hi=mid-1;}
var q=pts[lo];cross.setAttribute('x1',p.x);cross.setAttribute('x2',p.x);cross.setAttribute('visibility','visible');
readout.textContent='entry '+q[0]+': '+fmt.format(q[1])+' context tokens';});
svg.addEventListener('mouseleave',function(){cross.setAttribute('visibility','hidden');});
})();`;
