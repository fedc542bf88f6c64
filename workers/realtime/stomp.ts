import { Client, type StompSubscription } from '@stomp/stompjs';
import { SOCKET_CONNECT_TIMEOUT_MS, SOCKET_HEARTBEAT_MS, SOCKET_RECONNECT_MS } from '../../src/contract/constants';
import { GatewayCode, TOKEN_RESET_CODES } from '../../src/contract/errorCodes';
import type { ConnectionStatus } from '../../src/contract/realtime';
import type { Transport } from './core';

/**
 * The one STOMP 1.2 socket (spec §7, §9): 30 s connect timeout, 10 s heart-beats both ways, reconnect
 * 5 s after a drop. Subscriptions are remembered and made again on every reconnect, except the player's
 * own queues once the server has ended the session of the token (an ERROR with the code the API would answer): the
 * socket comes back as a visitor's, whose queue subscriptions the server would refuse, and they wait
 * for the next token. A stopping server's ERROR carries `reconnect-after`: the socket comes back then.
 */
/** The codes of an ERROR that ends the socket because its login session ended (as the API would answer). */
const SESSION_ENDED_CODES: readonly string[] = [...TOKEN_RESET_CODES, GatewayCode.MobileNumberChanged];

export function stompTransport(url: string, createSocket?: () => WebSocket): Transport {
  const wanted = new Map<
    string,
    {
      handler: (body: string, headers: Record<string, string>) => void;
      since?: (() => number | undefined) | undefined;
      live: StompSubscription | null;
    }
  >();
  /** A SUBSCRIBE with the seq of the snapshot held, when there is one (Transport.subscribe). */
  const open = (
    destination: string,
    entry: { handler: (body: string, headers: Record<string, string>) => void; since?: (() => number | undefined) | undefined },
  ) => {
    const since = entry.since?.();
    return client.subscribe(
      destination,
      (message) => entry.handler(message.body, message.headers),
      since === undefined ? {} : { since: String(since) },
    );
  };
  const statusListeners: ((status: ConnectionStatus) => void)[] = [];
  let token = '';
  let sessionEnded = false;
  /** The socket closes to come back with a new token (setToken): not a lost connection, so no 'reconnecting'. */
  let switching = false;
  const mayRead = (destination: string) => !(sessionEnded && destination.startsWith('/user/'));
  const emit = (status: ConnectionStatus) => statusListeners.forEach((listener) => listener(status));

  const client = new Client({
    brokerURL: url,
    ...(createSocket ? { webSocketFactory: createSocket } : {}),
    connectionTimeout: SOCKET_CONNECT_TIMEOUT_MS,
    heartbeatIncoming: SOCKET_HEARTBEAT_MS,
    heartbeatOutgoing: SOCKET_HEARTBEAT_MS,
    reconnectDelay: SOCKET_RECONNECT_MS,
    beforeConnect: () => {
      client.connectHeaders = token ? { token } : {};
    },
  });
  client.onConnect = () => {
    for (const [destination, entry] of wanted) {
      if (mayRead(destination)) entry.live = open(destination, entry);
    }
    emit('online');
  };
  const onDown = () => {
    for (const entry of wanted.values()) entry.live = null;
    if (!switching) emit('reconnecting');
  };
  client.onWebSocketClose = onDown;
  client.onStompError = (frame) => {
    if (SESSION_ENDED_CODES.includes(frame.headers['code'] ?? '')) sessionEnded = true;
    onDown();
    // A stopping server says when to come back (`reconnect-after`, ms, spread per socket): the balancer
    // already sends new sockets to another instance, so reconnect then rather than after the usual delay.
    const after = Number(frame.headers['reconnect-after']);
    if (frame.headers['reconnect-after'] !== undefined && Number.isFinite(after) && after >= 0 && after < SOCKET_RECONNECT_MS) {
      void client.deactivate().then(() =>
        setTimeout(() => {
          if (!client.active) client.activate();
        }, after),
      );
    }
  };

  return {
    subscribe(destination, handler, since) {
      const entry: { handler: typeof handler; since: typeof since; live: StompSubscription | null } = { handler, since, live: null };
      if (client.connected && mayRead(destination)) entry.live = open(destination, entry);
      wanted.set(destination, entry);
      return () => {
        if (wanted.get(destination) === entry) wanted.delete(destination);
        if (entry.live && client.connected) entry.live.unsubscribe();
      };
    },
    publish(destination, body) {
      if (!client.connected) return false;
      client.publish({ destination, body, headers: { 'content-type': 'application/json' } });
      return true;
    },
    setToken(next) {
      if (next === token) return;
      token = next;
      sessionEnded = false;
      if (!client.active) return;
      // A visitor's token arriving after the first connect must not show 'Reconnecting…' over live prices.
      // The core still starts every view again from a snapshot once back online (deltas were missed).
      switching = true;
      void client.deactivate().then(() => {
        switching = false;
        client.activate();
      });
    },
    onStatus(listener) {
      statusListeners.push(listener);
    },
    start() {
      client.activate();
    },
  };
}
