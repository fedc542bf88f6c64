/** Last-seen is rewritten once it is a minute old, or a tenth of the idle limit when that is shorter. */
const TOUCH_AT_MOST_EVERY_MS = 60_000;

/**
 * The idle rule, for one call at `at`: a session ends once `idleMs` pass without a call, or at its
 * absolute expiry. Last-seen is not written on every call, only once it is a tenth of the idle limit old
 * (at most a minute), so a session may end up to a tenth of the limit early, never late, and a player
 * calling within the limit stays logged in whatever the limit (SESSION_IDLE_MINUTES may be 0.5).
 */
export function idleRule(
  policy: { idleMs: number },
  session: { lastSeenAt: Date; expiresAt: Date },
  at: number,
): 'ended' | 'touch' | 'fresh' {
  const since = at - session.lastSeenAt.getTime();
  if (at >= session.expiresAt.getTime() || since >= policy.idleMs) return 'ended';
  return since >= Math.min(TOUCH_AT_MOST_EVERY_MS, policy.idleMs / 10) ? 'touch' : 'fresh';
}
