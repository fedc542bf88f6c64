import { proxy, subscribe } from 'valtio/vanilla';
import { HOST_CAPABILITIES, type HostCapabilities } from '../contract/hostCapabilities';
import { type AcquisitionParam, type InviteParam } from '../contract/storageKeys';
import { type Partner, partnerFromHost } from '../lib/partner';
import { session as sessionStorageArea } from '../lib/storage';

/**
 * Where this visit came from, kept in session storage for the life of the tab (spec §2, §3): partner
 * origin (isFrom Glife or Lazada, FromGlife), the native app's `os`, the game a link asked for, the
 * acquisition parameters and the invite ids sent with the first registration.
 */
const KEY = 'origin';

interface OriginState {
  isFrom: string;
  fromGlife: boolean;
  os: string;
  platformId: string;
  gameId: string;
  gameType: string;
  acquisition: Partial<Record<AcquisitionParam, string>>;
  invite: Partial<Record<InviteParam, string>>;
}

const initial: OriginState = {
  isFrom: '',
  fromGlife: false,
  os: '',
  platformId: '',
  gameId: '',
  gameType: '',
  acquisition: {},
  invite: {},
};

export const origin = proxy<OriginState>({ ...initial, ...sessionStorageArea.get<Partial<OriginState>>(KEY, {}) });

subscribe(origin, () => sessionStorageArea.set(KEY, origin));

export function isFromGlife(): boolean {
  return origin.fromGlife || origin.isFrom.toLowerCase() === 'glife';
}

export function isFromLazada(): boolean {
  return origin.isFrom.toLowerCase() === 'lazada';
}

/** The product's native app shell opened this page (it passes `os`). */
export function isNativeApp(): boolean {
  return origin.os !== '';
}

/** Opened by the Maya wallet's mini-app landing (/mayaAccount with its sessionId) this session. */
export function isFromMaya(): boolean {
  return origin.isFrom.toLowerCase() === 'maya';
}

/** The partner host this page runs in: by the host name (spec §6), else by where this visit came from (isFrom). */
export function currentPartner(): Partner | undefined {
  return partnerFromHost(location.hostname) ?? (isFromGlife() ? 'glife' : isFromLazada() ? 'lazada' : isFromMaya() ? 'maya' : undefined);
}

/** What the web view this page runs in can do (issue 36): flows that need a missing capability hand off. */
export function hostCapabilities(): HostCapabilities {
  return HOST_CAPABILITIES[currentPartner() ?? (isNativeApp() ? 'native' : 'browser')];
}
