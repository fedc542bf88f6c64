import { BRIDGE_VERSION, type BridgeEnvelope, isEnvelope } from '../contract/bridgeEnvelope';
import { uuid } from './ids';
import { timers } from './timers';

/**
 * The page's side of a partner host's JS bridge over postMessage (issue 36): the super-app's
 * getAuthCode and tradePay. One versioned envelope `{ v, type, id, payload }`; a request goes only to the
 * parent window at its exact origin, which must be on the allowlist (never '*'); a reply is taken only
 * from that window (event.source), that origin (event.origin, compared with ===), in the envelope's
 * shape, answering our request's id.
 */

/** The host origins that may frame us and answer the bridge: this site (the simulator) and the configured ones. */
export function allowedHostOrigins(configured: string = import.meta.env.VITE_HOST_ORIGINS ?? ''): string[] {
  const list = configured
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => /^https:\/\/[\w.-]+(:\d+)?$/.test(origin));
  return [location.origin, ...list];
}

/** The origin of the window that frames us, when it is allowlisted; undefined otherwise (or when not framed). */
export function hostOrigin(allowed: readonly string[] = allowedHostOrigins()): string | undefined {
  if (window.parent === window) return undefined;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  let parent = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
  if (!parent && document.referrer) {
    try {
      parent = new URL(document.referrer).origin;
    } catch {
      parent = undefined;
    }
  }
  return parent && allowed.includes(parent) ? parent : undefined;
}

export class HostBridgeError extends Error {}

/** Asks the host; answers its reply's payload, or throws on no host, a timeout or a refusal. */
export function callHost<T extends Record<string, unknown>>(
  type: string,
  payload: Record<string, unknown>,
  timeoutMs = 5 * 60_000,
): Promise<T> {
  const origin = hostOrigin();
  if (!origin) return Promise.reject(new HostBridgeError('no partner host frames this page'));
  const host = window.parent;
  const request: BridgeEnvelope = { v: BRIDGE_VERSION, type, id: uuid(), payload };
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      timers.clearTimeout(timer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== host || event.origin !== origin || !isEnvelope(event.data)) return;
      if (event.data.id !== request.id || event.data.type !== `${type}.result`) return;
      done();
      resolve(event.data.payload as T);
    };
    const timer = timers.setTimeout(() => {
      done();
      reject(new HostBridgeError(`the host did not answer ${type}`));
    }, timeoutMs);
    window.addEventListener('message', onMessage);
    host.postMessage(request, origin);
  });
}
