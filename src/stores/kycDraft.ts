import { proxy, subscribe } from 'valtio/vanilla';
import { session } from '../lib/storage';

/**
 * What the eKYC steps (/ekyc-zolos) hand to the personal-information form (/kyc-information): the vendor
 * transaction, the keys of the face and ID images the server holds, and the fields read from the ID as
 * the player confirmed them. Kept in session storage, so a reload of the form keeps them and closing
 * the tab forgets them. Image keys only, never the pictures: the server serves those to their owner.
 */
export interface KycDraft {
  transactionId: string;
  faceImageKey: string;
  idImageKey: string;
  /** A KycIdType (0: none yet). */
  idType: number;
  idNo: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthday: string;
}

const STORAGE_KEY = 'kycDraft';
const EMPTY: KycDraft = {
  transactionId: '',
  faceImageKey: '',
  idImageKey: '',
  idType: 0,
  idNo: '',
  firstName: '',
  middleName: '',
  lastName: '',
  birthday: '',
};

function restored(): KycDraft {
  const saved = session.get<Partial<Record<keyof KycDraft, unknown>> | null>(STORAGE_KEY, null);
  const draft = { ...EMPTY };
  if (saved && typeof saved === 'object') {
    for (const field of Object.keys(EMPTY) as (keyof KycDraft)[]) {
      const value = saved[field];
      // A stored value of the wrong type is ignored, not trusted.
      if (typeof value === typeof EMPTY[field]) (draft as Record<keyof KycDraft, unknown>)[field] = value;
    }
  }
  return draft;
}

export const kycDraft = proxy<KycDraft>(restored());
subscribe(kycDraft, () => session.set(STORAGE_KEY, { ...kycDraft }));

/** The eKYC steps call this as each step answers (the ID read, the face taken, the fields confirmed). */
export function updateKycDraft(fields: Partial<KycDraft>): void {
  Object.assign(kycDraft, fields);
}

/** After the form is submitted (or the player logs out): nothing of it is kept. */
export function clearKycDraft(): void {
  Object.assign(kycDraft, EMPTY);
}
