import { proxy } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { session } from './session';
import { ui } from './ui';

/**
 * What the player is doing, for prompts nobody asked for (the KYC reminders, the security prompt): they
 * wait for a natural pause (issue 32). A prompt may open only on a page the player has not started on
 * yet (no tap, key or field since they arrived), while no form field has the focus, no money call is on
 * its way and no page holds prompts back (a deposit's outcome on screen: the flow is not over until the
 * player leaves it). Otherwise it waits for the next page.
 */
export const attention = proxy({
  /** The player tapped, typed or focused a field since arriving on this page. */
  started: false,
  /** A form field has the focus. */
  fieldFocused: false,
  /** Money-moving calls on their way (those with an Idempotency-Key). */
  moneyCalls: 0,
  /** Pages showing the end of a flow of the player's own (a deposit's outcome). */
  holds: 0,
});

/** Whether an unasked-for prompt may open now. */
export function isPromptMoment(state: {
  readonly started: boolean;
  readonly fieldFocused: boolean;
  readonly moneyCalls: number;
  readonly holds: number;
}): boolean {
  return !state.started && !state.fieldFocused && state.moneyCalls === 0 && state.holds === 0;
}

/** A new page: the player has not started on it yet. */
export function arrivedOnPage(): void {
  attention.started = false;
}

/** Keeps prompts back until the returned release is called (a page showing the end of the player's flow). */
export function holdPrompts(): () => void {
  attention.holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    attention.holds -= 1;
  };
}

/** Counts a money call while it is on its way. */
export async function countMoneyCall<T>(call: Promise<T>): Promise<T> {
  attention.moneyCalls += 1;
  try {
    return await call;
  } finally {
    attention.moneyCalls -= 1;
  }
}

const NOT_FIELDS = new Set(['button', 'submit', 'reset', 'hidden', 'image']);

/** An element the player types or chooses in (a form field), not a button. */
export function isField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement) return !NOT_FIELDS.has(element.type);
  return (
    element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || (element as HTMLElement).isContentEditable === true
  );
}

/**
 * Follows the player's taps, keys and focus on `doc` (captured, before any page handler) and their
 * arrivals on new pages (and logins): installed once by the app's shell. A prompt's own dialog is not the page: what
 * the player does in it does not count.
 */
export function watchAttention(doc: Document): () => void {
  const inPrompt = (target: EventTarget | null) => target instanceof Element && target.closest('dialog[open]') !== null;
  const start = (event: Event) => {
    if (!inPrompt(event.target)) attention.started = true;
  };
  const focusChanged = () => {
    const active = doc.activeElement;
    attention.fieldFocused = isField(active) && !inPrompt(active);
    if (attention.fieldFocused) attention.started = true;
  };
  // Focus leaves before it lands elsewhere: read where it went once it has.
  const focusLeft = () => queueMicrotask(focusChanged);
  const options = { capture: true, passive: true } as const;
  doc.addEventListener('pointerdown', start, options);
  doc.addEventListener('keydown', start, options);
  doc.addEventListener('focusin', focusChanged, options);
  doc.addEventListener('focusout', focusLeft, options);
  // The app starting is an arrival: what the player did before it ran is not seen, and a page is new.
  arrivedOnPage();
  const stopRoutes = subscribeKey(ui, 'currentRouteName', arrivedOnPage);
  // A login (or logout) ends that flow: what comes after it is a pause, as a new page is.
  let player = session.user?.loginName ?? '';
  const stopSession = subscribeKey(session, 'user', (user) => {
    if ((user?.loginName ?? '') === player) return;
    player = user?.loginName ?? '';
    arrivedOnPage();
  });
  focusChanged();
  return () => {
    doc.removeEventListener('pointerdown', start, options);
    doc.removeEventListener('keydown', start, options);
    doc.removeEventListener('focusin', focusChanged, options);
    doc.removeEventListener('focusout', focusLeft, options);
    stopRoutes();
    stopSession();
  };
}
