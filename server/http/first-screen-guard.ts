// The inline script at the head of a page the gateway draws (./first-screen.ts), the one the Content-Security-Policy
// lets run by its hash (./web.ts): it decides, before the paint, whether the tab may keep the drawn screen, and holds
// the input meant for it until the app has hydrated it.
import { createHash } from 'node:crypto';
import { FIRST_SCREEN_HOLD, FIRST_SCREEN_STALE, SESSION_KEYS } from '../../src/api/page-contract.ts';

/** What a person can do to a page: pointers, keys, typing, focus, forms. */
const HELD_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu', 'touchstart', 'touchend', 'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'paste', 'drop', 'dragstart', 'submit', 'focusin'];

/**
 * Runs before the drawn screen is painted: a tab whose own session is not the one the page was drawn for (another
 * user, another tenant chosen in the tab than the browser chose last, or no session: the cookies are the browser's,
 * the session and its tenant the tab's), or whose time zone is not the one the screen's dates and times were drawn in
 * (the tab's zone cookie is set after the page, or named another zone), hides it, and the app builds its own page
 * (src/main.tsx). It also holds the input meant for the screen until the app has hydrated it (FIRST_SCREEN_HOLD).
 * Allowed by its hash in the Content-Security-Policy (./web.ts).
 */
export const FIRST_SCREEN_GUARD =
  `(function(){var d=document.documentElement,s=document.currentScript,u=null,t=null;try{u=JSON.parse(sessionStorage.getItem('${SESSION_KEYS.user}')||'null');` +
  `t=JSON.parse(sessionStorage.getItem('${SESSION_KEYS.tenant}')||'null')}catch(e){u=null}` +
  `if(!u||String(u.userId)!==s.getAttribute('data-user')||String(t&&t.id||'')!==s.getAttribute('data-tenant')` +
  `||Intl.DateTimeFormat().resolvedOptions().timeZone!==s.getAttribute('data-time-zone'))d.setAttribute('${FIRST_SCREEN_STALE}','stale');` +
  // Until the app lifts FIRST_SCREEN_HOLD, what is meant for the drawn screen goes nowhere (then the listeners go).
  `var e=${JSON.stringify(HELD_EVENTS)},h=function(v){var r=document.getElementById('root');` +
  `if(!r||r.hasAttribute('${FIRST_SCREEN_HOLD}')){v.preventDefault();v.stopImmediatePropagation();if(v.type==='focusin'&&v.target.blur)v.target.blur();return}` +
  `e.forEach(function(n){removeEventListener(n,h,true)})};e.forEach(function(n){addEventListener(n,h,{capture:true,passive:false})})})()`;

export const FIRST_SCREEN_GUARD_HASH = `'sha256-${createHash('sha256').update(FIRST_SCREEN_GUARD).digest('base64')}'`;
