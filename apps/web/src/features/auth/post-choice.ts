/**
 * Whether the officer still has to pick the post they work at: set by an online sign-in whose
 * scope names several posts, cleared by the pick (app/shell/post-picker.tsx). Kept for the tab
 * (sessionStorage), so a reload before the pick asks again.
 */
import { createStore } from '../../lib/store.ts';

const KEY = 'bh.choosePost';

function stored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function keep(wanted: boolean) {
  try {
    if (wanted) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the flag lives in memory only
  }
}

const store = createStore(stored());

export const usePostChoiceWanted = store.use;

/** Asks for the post (after a sign-in answering several posts) or says it was chosen. */
export function setPostChoiceWanted(wanted: boolean) {
  keep(wanted);
  store.set(wanted);
}
