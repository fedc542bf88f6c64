import { MAYA_HOST, MayaCall, type HandoffAnswer, PartnerCall, type ResumeAnswer } from '../contract/partners';
import { currentPartner } from '../stores/origin';
import { api } from './instance';

/**
 * Hand-off links (issue 36): a flow the host's web view cannot run (the eKYC camera inside Maya) goes on
 * in the browser or the native app through a single-use link our server keeps the flow's state behind.
 */
export async function requestHandoff(body: { path: string; state: string }): Promise<HandoffAnswer> {
  const answer = await api.call<HandoffAnswer>('main', PartnerCall.handoff, body);
  // Maya counts its mini-app events (maya/eventTracking); nothing depends on it.
  if (currentPartner() === MAYA_HOST)
    void api.call('main', MayaCall.eventTracking, { event: 'handoffOffered', detail: body.path }, { quiet: true }).catch(() => undefined);
  return answer;
}

/** The link's ticket, spent once: the player logged in here and where the flow stopped. */
export function resumeHandoff(ticket: string): Promise<ResumeAnswer> {
  return api.call<ResumeAnswer>('main', PartnerCall.resumeHandoff, { ticket }, { skipEnrichment: true });
}
