import { proxy } from 'valtio/vanilla';
import { StorageKey } from '../contract/storageKeys';
import { persistFields } from './persist';

/** KYC info of spec §3, persisted under the stored key `kycInfo`. Filled by the KYC status call. */
export const kyc = proxy({
  known: false,
  ekycStatus: -1,
  oldKycStatus: -1,
  mergeKycStatus: -1,
  requireEkyc: false,
  needFaceCapture: false,
  rejectReason: '',
  /** 0 means the daily verification limit is reached. */
  cankycTime: 1,
  refuseInitFlag: false,
  isPopupWindow: false,
  miniAppStatus: -1,
  eKycSwitch: false,
  forceNewUserEkycSwitch: false,
  kycStatus: -1,
});

persistFields(kyc, StorageKey.kycInfo, [
  'known',
  'ekycStatus',
  'oldKycStatus',
  'mergeKycStatus',
  'requireEkyc',
  'needFaceCapture',
  'rejectReason',
  'cankycTime',
  'refuseInitFlag',
  'isPopupWindow',
  'miniAppStatus',
  'eKycSwitch',
  'forceNewUserEkycSwitch',
  'kycStatus',
]);

export function clearKyc(): void {
  kyc.known = false;
  kyc.ekycStatus = -1;
  kyc.mergeKycStatus = -1;
  kyc.forceNewUserEkycSwitch = false;
}
