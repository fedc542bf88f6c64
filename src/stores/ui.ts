import type { ServiceTopic } from '../lib/navigation';
import { proxy, ref } from 'valtio/vanilla';

/**
 * UI state any page can drive: the overlay stack (spec §2 "Global overlays"), toasts (spec §8), the
 * Tips dialog, the service-worker update offer and the previous route.
 */

export const OVERLAY_IDS = [
  'login',
  'deposit',
  'newUserPopup',
  'personalCenter',
  'forcedKyc',
  'popupMessage',
  'layoutSetting',
  'frequentRequest',
  'tutorialVideo',
  'luckySpin',
  'pagcorNotice',
  'picksRecord',
  'hongKongMarketStopped',
  'betSlip',
  'sessionExpired',
  'mobileChanged',
] as const;
export type OverlayId = (typeof OVERLAY_IDS)[number];

export type LoginDialogType = 'sms' | 'password' | 'register';

export interface OverlayProps {
  login: { type: LoginDialogType; tabsDisabled: boolean; redirectTo?: string };
  [key: string]: Record<string, unknown> | undefined;
}

/** What an overlay's component receives from the overlay host. */
export interface OverlayComponentProps {
  id: OverlayId;
  props: Record<string, unknown>;
  onClose: () => void;
}

export interface OpenOverlay {
  id: OverlayId;
  props: Record<string, unknown>;
}

export type ToastTone = 'fail' | 'success' | 'info' | 'loading';

export interface Toast {
  id: number;
  tone: ToastTone;
  text: string;
  /** Milliseconds on screen; 0 stays until dismissed (loading). */
  duration: number;
}

/** spec §8: fail 3 s at the top, info 2 s; success like info; loading until dismissed. */
export const TOAST_DURATION: Record<ToastTone, number> = { fail: 3_000, success: 2_000, info: 2_000, loading: 0 };

export interface DialogButton {
  label: string;
  action?: () => void;
}

export interface Dialog {
  id: number;
  title: string;
  message: string;
  confirm: DialogButton;
  /** Left out: the Customer Service button (spec §8). null: no second button. */
  cancel?: DialogButton | null;
  /** What the dialog is about, for its Customer Service button: the chat opens with it (src/lib/navigation.ts). */
  service?: ServiceTopic;
}

export const ui = proxy({
  overlays: [] as OpenOverlay[],
  toasts: [] as Toast[],
  dialogs: [] as Dialog[],
  /** A new service worker waits; the player is offered the update. */
  updateReady: false,
  /** The browser's install offer, kept until the player asks to install (beforeinstallprompt). */
  installPrompt: null as null | { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> },
  previousPath: '' as string,
  currentRouteName: '' as string,
  /**
   * The address shown replaced the one before in the history (the app's own redirect: /withdraw to the
   * withdrawal password's page first, a guard's), rather than the player opening another page.
   */
  addressReplaced: false,
});

let nextId = 1;

export function openOverlay(id: OverlayId, props: Record<string, unknown> = {}): void {
  const existing = ui.overlays.findIndex((overlay) => overlay.id === id);
  if (existing >= 0) ui.overlays.splice(existing, 1);
  ui.overlays.push({ id, props: ref(props) });
}

export function closeOverlay(id: OverlayId): void {
  const index = ui.overlays.findIndex((overlay) => overlay.id === id);
  if (index >= 0) ui.overlays.splice(index, 1);
}

export function isOverlayOpen(id: OverlayId): boolean {
  return ui.overlays.some((overlay) => overlay.id === id);
}

export function openLogin(options: Partial<OverlayProps['login']> = {}): void {
  openOverlay('login', { type: 'sms', tabsDisabled: false, ...options });
}

export function showToast(tone: ToastTone, text: string, duration = TOAST_DURATION[tone]): number {
  const id = nextId++;
  // One message at a time at the top: a new toast replaces the old of the same tone.
  ui.toasts = [...ui.toasts.filter((toast) => toast.tone !== tone), { id, tone, text, duration }];
  return id;
}

export function dismissToast(id: number): void {
  ui.toasts = ui.toasts.filter((toast) => toast.id !== id);
}

export function showDialog(dialog: Omit<Dialog, 'id'>): number {
  const id = nextId++;
  ui.dialogs.push({ ...dialog, id, confirm: ref(dialog.confirm), cancel: dialog.cancel ? ref(dialog.cancel) : dialog.cancel });
  return id;
}

export function closeDialog(id: number): void {
  const index = ui.dialogs.findIndex((dialog) => dialog.id === id);
  if (index >= 0) ui.dialogs.splice(index, 1);
}
