import { proxy, subscribe } from 'valtio/vanilla';
import type { IdFields } from '../contract/kyc';
import { session as sessionStorageArea } from '../lib/storage';

/**
 * The verification under way in this tab (issue 12): the vendor transaction, the ID type, the keys of
 * the images the server holds, and the fields the player confirmed. The eKYC steps (src/features/kyc)
 * write it; the personal-information form (/kyc-information) reads faceId = faceImageKey,
 * firstIdScan = idImageKey, firstIdType = docType and firstNoType = fields.idNo from it. Session
 * storage: a reload keeps the step, closing the tab forgets it; never the images themselves.
 */
const KEY = 'kycFlow';

export interface KycFlow {
  transactionId: string;
  docType: number;
  idImageKey: string;
  faceImageKey: string;
  /** What the vendor read from the ID photo (pre-fills the confirm step); '' where it read nothing. */
  read: Partial<Record<'firstName' | 'middleName' | 'lastName' | 'birthday' | 'idNo', string>>;
  /** The fields as the player confirmed them (modifyEkycRequest). */
  fields: IdFields | null;
}

const empty: KycFlow = { transactionId: '', docType: 0, idImageKey: '', faceImageKey: '', read: {}, fields: null };

export const kycFlow = proxy<KycFlow>({ ...empty, ...sessionStorageArea.get<Partial<KycFlow>>(KEY, {}) });

subscribe(kycFlow, () => sessionStorageArea.set(KEY, kycFlow));

/** A new vendor transaction: what an earlier one left is forgotten. */
export function beginKycFlow(transactionId: string, docType: number): void {
  Object.assign(kycFlow, { ...empty, transactionId, docType });
}

export function endKycFlow(): void {
  Object.assign(kycFlow, empty);
}

/**
 * A verification handed off from a host that has no camera (issue 36): the flow as that tab left it,
 * taken only in its own shape (anything else is ignored and the flow stays as it is).
 */
export function restoreKycFlow(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string).slice(0, 200) : '');
  if (!text('transactionId') || typeof v['docType'] !== 'number') return false;
  const read: KycFlow['read'] = {};
  if (v['read'] && typeof v['read'] === 'object')
    for (const key of ['firstName', 'middleName', 'lastName', 'birthday', 'idNo'] as const) {
      const field = (v['read'] as Record<string, unknown>)[key];
      if (typeof field === 'string') read[key] = field.slice(0, 100);
    }
  Object.assign(kycFlow, {
    ...empty,
    transactionId: text('transactionId'),
    docType: v['docType'],
    idImageKey: text('idImageKey'),
    faceImageKey: text('faceImageKey'),
    read,
  });
  return true;
}
