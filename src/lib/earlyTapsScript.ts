// The inline <head> script that holds presses made before React has started (what and why:
// earlyTaps.ts). In a module of its own so that it is in the document's HTML only, not in the
// JavaScript of every page as well.
import { EARLY_TAPS_QUEUE, PRESSABLE } from './earlyTaps';

// React marks the element it listens on (Next's #__next) with a `_reactListening…` property when
// the root is created, before it hydrates anything.
export const EARLY_TAPS_SCRIPT = `(function(){
var queue=window.${EARLY_TAPS_QUEUE}=[];
function reactListens(){var root=document.getElementById('__next');return !!root&&Object.keys(root).some(function(k){return k.indexOf('_reactListening')===0})}
document.addEventListener('click',function(e){
if(reactListens()||!(e.target instanceof Element))return;
var control=e.target.closest('${PRESSABLE}');
if(!control||control.closest('a[href]')||control.disabled)return;
e.preventDefault();queue.push(control);
},true);
document.addEventListener('submit',function(e){
if(reactListens())return;
e.preventDefault();queue.push(e.target);
},true);
})();`;
