import { behaviourFor } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { apiEffects } from '../../api/instance';

/**
 * Launch calls are quiet so the in-game page can say in place why there is no game (GW_510520 and the
 * GW_80048x codes). What belongs to the whole app still happens: the KYC dialog (GW_800460 and its
 * kin), an expired session, a login asked for.
 */
export function tellAppAbout(error: unknown, path: string): void {
  if (!(error instanceof ApiError) || error.kind !== 'server') return;
  const behaviour = behaviourFor(error.code, { path, inGame: true });
  switch (behaviour.kind) {
    case 'kyc':
      apiEffects.kyc(behaviour.need, error.message, path);
      break;
    case 'resetToken':
      apiEffects.resetToken(error.code);
      break;
    case 'loginRequired':
      apiEffects.loginRequired(error.message);
      break;
    case 'blacklist':
      apiEffects.blacklist();
      break;
    default:
      break;
  }
}
