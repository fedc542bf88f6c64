import type * as z from 'zod/mini';
import type { kycStatusAnswer, weakPromptAnswer } from '../contract/answers/kyc';
import { KycCall, type KycBody } from '../contract/kyc';
import { miniTypeFor } from '../lib/kycRules';
import { partnerFromHost } from '../lib/partner';
import { applyKycPrompt, applyKycStatus, kyc } from '../stores/kyc';
import { isFromGlife, isFromLazada } from '../stores/origin';
import { isLoggedIn } from '../stores/session';
import { api } from './instance';

/**
 * The player's KYC status, asked of the server (spec §7 customer/queryKycStatus) by whoever shows or
 * decides by it: the watcher in src/app, the KYC pages, the security centre. Shared below the features,
 * so a page that shows the status can ask for it on arrival instead of showing a guess until the
 * watcher asks.
 */

export type KycStatusInfo = z.infer<typeof kycStatusAnswer>;

/** The partner the status query names (spec §7: Glife → gcash, Lazada → lazada, a Maya host → maya). */
export function currentMiniType() {
  return miniTypeFor({ glife: isFromGlife(), lazada: isFromLazada() }, partnerFromHost(location.hostname));
}

let inFlight: Promise<void> | undefined;

/**
 * Asks the server where the player's verification stands and keeps it in src/stores/kyc.ts, with the
 * weak-prompt flags. Quiet: it runs in the background (app start, login, the player coming back, a
 * decision's message, a page that shows it); a failure leaves what the app knew and says the check
 * failed (`kyc.checkFailed`). Concurrent asks share one request.
 */
export function refreshKycStatus(): Promise<void> {
  if (!isLoggedIn()) return Promise.resolve();
  inFlight ??= (async () => {
    kyc.checkFailed = false;
    try {
      const miniType = currentMiniType();
      const body: KycBody['queryKycStatus'] = miniType ? { miniType } : {};
      const [status, prompt] = await Promise.all([
        api.call<KycStatusInfo>('main', KycCall.queryKycStatus, body, { quiet: true }),
        api.call<z.infer<typeof weakPromptAnswer>>('main', KycCall.weakKycPrompt, {}, { quiet: true }).catch(() => undefined),
      ]);
      applyKycStatus(status);
      if (prompt) applyKycPrompt(prompt);
    } catch {
      // Offline or refused: keep what we knew; the next trigger asks again.
      kyc.checkFailed = true;
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}
