import { KYC_OPERATIONS } from '../../contract/kycConstants';
import { searchObject, searchOneOf, type SearchOutput } from '../../lib/search';

/** /face-capture?operation=…: a face check ('Verification Required') before this operation; absent: the verification's selfie step. */
export const faceCaptureSearch = searchObject({ operation: searchOneOf(KYC_OPERATIONS) });
export type FaceCaptureSearch = SearchOutput<typeof faceCaptureSearch>;
