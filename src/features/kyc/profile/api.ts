import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../../api/instance';
import { KYC_IMAGE, KycCall, type KycIdType, type PersonalInfo } from '../../../contract/kyc';
import type { kycSubmitAnswer, ocrAnswer } from '../../../contract/answers/kyc';
import { loadPlaces } from '../../../contract/places';
import { resizeImage } from '../../../lib/image';
import { kyc } from '../../../stores/kyc';
import { clearKycDraft } from '../../../stores/kycDraft';

/** The provinces and towns: their own chunk, downloaded when the form opens, then kept. */
export const placesQuery = queryOptions({
  queryKey: ['places'],
  queryFn: loadPlaces,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/**
 * A second ID for the form: fitted to 750 px at 0.9 (spec §5), read by ocrIdentify without a vendor
 * transaction (it starts no verification and uses none of the day's attempts).
 */
export async function uploadSecondId(file: Blob, idType: KycIdType): Promise<z.infer<typeof ocrAnswer>> {
  const image = await resizeImage(file, KYC_IMAGE.maxSide, KYC_IMAGE.quality);
  return api.call<z.infer<typeof ocrAnswer>>('main', KycCall.ocrIdentify, { idType, image });
}

/** Submits the form; the verification starts (or goes to review) with it. */
export function submitPersonalInfo(body: PersonalInfo): Promise<z.infer<typeof kycSubmitAnswer>> {
  return api.call<z.infer<typeof kycSubmitAnswer>>('main', KycCall.improveUserProfile, body);
}

/** Where the verification stands after the form: the status the result page shows; the hand-over is done. */
export function recordSubmission(answer: z.infer<typeof kycSubmitAnswer>): void {
  kyc.known = true;
  kyc.fresh = true;
  kyc.ekycStatus = answer.ekycStatus;
  kyc.mergeKycStatus = answer.ekycStatus;
  kyc.rejectReason = answer.rejectReason;
  clearKycDraft();
}
