import type { SelectionDetail, SelectionQuery } from './betting';
import type { ChatMessage, Delta, League, ListMode, ListSnapshot, Market, Match } from './feed';
import type { Caller } from './request';
import type { SupportOutboxUpdate, SupportOutgoing } from './support';

/**
 * What a tab asks of the realtime worker (one SharedWorker for every tab, over Comlink), and what it
 * gets back: conflated patches, at most one per subscription per ~100 ms, holding only what changed.
 */
export interface ListQuery {
  sportTypeId: string;
  mode: Exclude<ListMode, 'outright'>;
  /** Early markets of one Manila day, YYYY-MM-DD. */
  dateId?: string | undefined;
}

/**
 * 'offline': no network; the view is the last one kept on the device (IndexedDB), as of `asOf`, not
 * live (its prices cannot be picked). Empty when none was kept.
 */
export type FeedStatus = 'loading' | 'live' | 'reconnecting' | 'offline';

export interface ListPatch {
  /** Forget everything before: this patch is the whole view. */
  reset?: boolean;
  status: FeedStatus;
  /** With status 'offline': when the prices shown were last known current (epoch ms); null: nothing kept. */
  asOf?: number | null;
  leagues?: League[];
  matches?: Match[];
  /** Main markets of the matches in view. */
  markets?: Market[];
  removedMatches?: string[];
  removedMarkets?: string[];
  /** The match ids in display order, when membership or order changed. */
  order?: string[];
}

export interface MatchPatch {
  reset?: boolean;
  status: FeedStatus;
  /** As ListPatch.asOf. */
  asOf?: number | null;
  /** null: the match is over and gone from the feed. */
  match?: Match | null;
  markets?: Market[];
  removedMarkets?: string[];
}

export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting';

/**
 * What the worker needs from the page to call the API and open the socket as this player: the caller
 * of the contract's signed-request builder (src/contract/request.ts), as the page's own calls send it.
 */
export type RealtimeContext = Caller;

export type UserQueue = 'balance' | 'bets' | 'messages' | 'support';

/**
 * A `/user/queue/balance` push: the balance changed; `cause` 'deposit' when a deposit was just credited
 * (a meaningful action of the player's: the Web Push opt-in may be offered after it, issue 38).
 */
export interface BalancePush {
  type: 'balance';
  cause?: 'deposit';
}

/**
 * What one tab asks of the realtime worker. The worker gives each tab's port its own client, so calls
 * carry no tab id; each subscription's callback is a Comlink proxy the worker releases when the tab
 * unwatches it or goes away.
 */
export interface RealtimeApi {
  /** The tab joins; `lockName` is a Web Lock the tab holds for its lifetime (released when it closes). */
  connect(lockName: string | null, context: RealtimeContext): Promise<void>;
  setContext(context: RealtimeContext): Promise<void>;
  watchList(query: ListQuery, onPatch: (patch: ListPatch) => void): Promise<number>;
  /**
   * A list snapshot the page already holds (the server inlines the first one into the HTML): the
   * worker uses it as if it had fetched it, when it is newer than what it holds (the same sequence
   * rules: a delta after a gap still fetches the list again). Before anyone watches the list it waits
   * for the first watchList (which then fetches nothing). `deltas`: what the page's own early socket
   * received for the list's destination after the snapshot (server/plugins/earlyLive.ts), applied on
   * top, so the worker starts where the page's rows are.
   */
  seedList(query: ListQuery, snapshot: ListSnapshot, deltas?: Delta[]): Promise<void>;
  watchMatch(matchId: string, onPatch: (patch: MatchPatch) => void): Promise<number>;
  watchChat(matchId: string, onMessage: (message: ChatMessage) => void): Promise<number>;
  watchUser(queue: UserQueue, onEvent: (event: unknown) => void): Promise<number>;
  watchStatus(onStatus: (status: ConnectionStatus) => void): Promise<number>;
  /** The progressive jackpot (`/topic/jackpot`, JackpotMessage), one socket subscription however many tabs watch it. */
  watchJackpot(onMessage: (message: unknown) => void): Promise<number>;
  /**
   * The bet-order refresh (spec §9): the worker asks querySelectionDetailV2 for the union of every
   * tab's orders, every 3 s, every 1 s while any watcher is `single`, and follows the live prices of
   * the markets it already receives for the pages. `onDetails` gets the details of this watcher's
   * orders that changed since it last heard (right away: what the worker already knows), keyed by
   * selectionKey. Ended by unwatch or when the tab goes.
   */
  watchOrders(orders: SelectionQuery[], single: boolean, onDetails: (details: SelectionDetail[]) => void): Promise<number>;
  /** The slip changed: the same subscription now follows these orders. */
  updateOrders(subscriptionId: number, orders: SelectionQuery[], single: boolean): Promise<void>;
  /** False when the socket is down: the line was not sent. */
  sendChat(matchId: string, text: string): Promise<boolean>;
  /**
   * The support chat (issue 37): a message into the worker's outbox, kept on the device until the server
   * has it and sent under its client message id (workers/realtime/support.ts); every tab hears the queue.
   */
  sendSupport(message: SupportOutgoing): Promise<void>;
  watchSupportOutbox(onUpdate: (update: SupportOutboxUpdate) => void): Promise<number>;
  /** A refused message, sent again; or dropped. */
  retrySupport(clientMessageId: string): Promise<void>;
  discardSupport(clientMessageId: string): Promise<void>;
  /**
   * Cash-out values (issue 38) of the open tickets a page shows, kept live from the price deltas the
   * worker applies anyway (their matches' destinations are held while watched): `onValues` gets the
   * tickets whose value changed, at most once per conflation tick; null is "Cash out is paused".
   */
  watchCashout(tickets: CashoutTicketWatch[], onValues: (values: CashoutValue[]) => void): Promise<number>;
  unwatch(subscriptionId: number): Promise<void>;
}

/** An open ticket as the worker prices it for cash-out: the stake, the margin, each leg's odds taken and state. */
export interface CashoutTicketWatch {
  transId: string;
  stake: number;
  marginBp: number;
  legs: {
    matchId: string;
    marketId: string;
    key: string;
    point: number | null;
    oddsH: number;
    outcome: 'running' | 'won' | 'lost' | 'void' | 'halfWon' | 'halfLost';
  }[];
  /** A parlay's combos: size and stake per combination (none: a single). */
  combos: { size: number; stake: number }[];
}

/** A ticket's live cash-out value in centavos; null while cash-out is paused. */
export interface CashoutValue {
  transId: string;
  value: number | null;
}
