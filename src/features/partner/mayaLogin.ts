import { proxy } from 'valtio/vanilla';
import { api } from '../../api/instance';
import { ApiError } from '../../api/client';
import type { LoginResult } from '../../contract/auth';
import { MayaCall } from '../../contract/partners';
import { origin } from '../../stores/origin';
import { setLogin } from '../../stores/session';

/** What the Maya landing's session answered, for /mayaAccount to say (a refusal in the player's words). */
export const mayaEntry = proxy({ refused: '' });

/**
 * The Maya wallet's landing (issue 36): Maya POSTed its token to our Session URL, we answered a one-time
 * sessionId, Maya opened /mayaAccount?sessionId=…; the id is spent here, once, on our server. The page
 * runs inside Maya from now on (its capabilities: no camera, no file picker, no new tabs).
 */
export async function mayaLogin(sessionId: string): Promise<boolean> {
  origin.isFrom = 'Maya';
  try {
    const result = await api.call<LoginResult>('main', MayaCall.initiateSession, { sessionId }, { skipEnrichment: true, quiet: true });
    setLogin(result.userInfo, result.webToken);
    mayaEntry.refused = '';
    return true;
  } catch (error) {
    mayaEntry.refused = error instanceof ApiError ? error.message : '';
    return false;
  }
}
