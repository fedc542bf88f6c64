import { GatewayCode } from '../../src/contract/errorCodes';

/** A refusal the caller should see: a GW_ code, a message a player can read, and the HTTP status. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

export const badRequest = (message: string) => new CallError(GatewayCode.InvalidRequest, message, 400);
