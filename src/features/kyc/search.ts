import * as z from 'zod/mini';
import { KYC_OPERATIONS } from '../../contract/kyc';
import { searchOneOf } from '../../lib/search';

/** /face-capture?operation=…: a face check ('Verification Required') before this operation; absent: the verification's selfie step. */
export const faceCaptureSearch = z.object({ operation: searchOneOf(KYC_OPERATIONS) });
export type FaceCaptureSearch = z.output<typeof faceCaptureSearch>;
