import { GatewayCode } from '../contract/errorCodes';
import { ApiError } from './client';

/**
 * The seconds the server says to wait when a code was asked for too soon (GW_800410, one code a minute
 * per number whatever it is for), so the "Send code" button counts them down; undefined for any other
 * failure (the API client has told the player).
 */
export function cooldownSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== GatewayCode.CodeCooldown) return undefined;
  const wait = (error.data as { waitSeconds?: unknown } | null | undefined)?.waitSeconds;
  return typeof wait === 'number' && wait > 0 ? wait : undefined;
}
