/**
 * The tracking service (spec §7: "analytics events go to a tracking service"; /eventPush/push carries
 * an AppsFlyer-style event): where the server forwards the events of players who allowed analytics, and
 * where a device's attribution id (appsFlyerId) comes from. A real service (AppsFlyer's server-to-server
 * events API, say) is an adapter of this interface; outside production its simulator stands in.
 */
export interface TrackedEvent {
  /** Our event id: the service keeps an event once. */
  eventId: string;
  eventName: string;
  eventType?: string | undefined;
  eventValue?: string | undefined;
  bizType?: string | undefined;
  appsFlyerId?: string | undefined;
  /** A keyed hash of the player's id, never the id itself; absent for a visitor. */
  customer_user_id?: string | undefined;
  platform?: string | undefined;
  container?: string | undefined;
  package?: string | undefined;
  /** When it happened, ISO time. */
  eventTime: string;
}

export interface TrackingService {
  /** Delivers events (all or none: a failure is retried later with the same event ids). */
  send(events: readonly TrackedEvent[]): Promise<void>;
  /** The service's id for a device (its key is our keyed hash of the device id). */
  attributionId(deviceKey: string): Promise<string>;
}
