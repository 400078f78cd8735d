// A first screen the gateway drew (server/http/first-screen.ts): the answers it was drawn with, for the app to hydrate
// it, and where the tab's change stream starts (the cursor those answers carried).
import { useEffect } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import { noteChangeCursor } from '../api/change-cursor';
import { currentCredentialKey, sessionStore } from '../api/session';
import { FIRST_SCREEN_HOLD, FIRST_SCREEN_STALE, FIRST_SCREEN_STATE_ID } from '../api/page-contract';


export interface DrawnScreen {
  queries: DehydratedState;
}

interface DrawnState {
  userId: string;
  /** The tenant it was drawn in, when one was chosen. */
  tenantId: string | null;
  queries: DehydratedState;
  changeCursor: string | null;
}

function parse(text: string): DrawnState | null {
  try {
    return JSON.parse(text) as DrawnState;
  } catch {
    return null;
  }
}

/** The drawn screen the tab may hydrate, or null; a screen drawn for another session is removed, for the app to build. */
export function takeFirstScreen(root: HTMLElement): DrawnScreen | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!element) return null;
  element.remove();
  const { session, tenant } = sessionStore.get();
  const state = parse(element.textContent ?? '');
  const drawnForTab = state && session && session.userId === state.userId && (tenant?.id ?? null) === (state.tenantId ?? null);
  if (!state || !drawnForTab || document.documentElement.hasAttribute(FIRST_SCREEN_STALE)) {
    root.replaceChildren();
    root.removeAttribute(FIRST_SCREEN_HOLD);
    document.documentElement.removeAttribute(FIRST_SCREEN_STALE);
    return null;
  }
  const key = currentCredentialKey();
  if (state.changeCursor && key) noteChangeCursor(key, state.changeCursor);
  return { queries: state.queries };
}

/** A drawn page takes input once its screen has hydrated (or failed, and says why): the shell around it, hydrated
 * before it, listens to the keyboard by then. */
export function useDrawnPageTakesInput(): void {
  useEffect(() => document.getElementById('root')?.removeAttribute(FIRST_SCREEN_HOLD), []);
}
