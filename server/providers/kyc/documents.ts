import { KycIdType } from '../../../src/contract/kyc';

/**
 * spec §3's 13 ID types as the vendor knows them: its document code (ZOLOZ's style: country 0063 then the
 * type; the passport is ZOLOZ's global 00000001003), the ID number's printed format (used by the simulator
 * to make up what it "reads": `#` a digit, `A` a letter, anything else as printed) and whether the card
 * carries an expiry date. One table, read both ways.
 */
export interface VendorDocument {
  idType: KycIdType;
  code: string;
  label: string;
  idFormat: string;
  expires: boolean;
}

export const VENDOR_DOCUMENTS: readonly VendorDocument[] = [
  { idType: KycIdType.UMID, code: '00630000001', label: 'UMID', idFormat: '####-#######-#', expires: false },
  { idType: KycIdType.TIN, code: '00630000002', label: 'TIN ID', idFormat: '###-###-###-###', expires: false },
  { idType: KycIdType.SSS, code: '00630000003', label: 'SSS ID', idFormat: '##-#######-#', expires: false },
  { idType: KycIdType.DriversLicense, code: '00630000004', label: "Driver's licence", idFormat: 'A##-##-######', expires: true },
  { idType: KycIdType.VotersID, code: '00630000006', label: "Voter's ID", idFormat: '####-####A-A####', expires: false },
  { idType: KycIdType.PostalID, code: '00630000007', label: 'Postal ID', idFormat: 'PRN#########', expires: true },
  { idType: KycIdType.OWWA, code: '00630000013', label: 'OWWA ID', idFormat: '##########', expires: true },
  { idType: KycIdType.SeamansBook, code: '00630000018', label: "Seaman's book", idFormat: 'AA#######', expires: true },
  { idType: KycIdType.NationalID, code: '00630000021', label: 'National ID (PhilSys)', idFormat: '####-####-####-####', expires: false },
  { idType: KycIdType.ACRICR, code: '00630000022', label: 'ACR I-Card', idFormat: 'A#########', expires: true },
  { idType: KycIdType.OtherValidIDs, code: '00630000023', label: 'Other valid ID', idFormat: '############', expires: false },
  { idType: KycIdType.PhilHealth, code: '00630000024', label: 'PhilHealth ID', idFormat: '##-#########-#', expires: false },
  { idType: KycIdType.Passport, code: '00000001003', label: 'Passport', idFormat: 'P#######A', expires: true },
];

const byType = new Map(VENDOR_DOCUMENTS.map((doc) => [doc.idType as number, doc]));
const byCode = new Map(VENDOR_DOCUMENTS.map((doc) => [doc.code, doc]));

export function documentOfType(idType: number): VendorDocument | undefined {
  return byType.get(idType);
}

export function documentOfCode(code: string): VendorDocument | undefined {
  return byCode.get(code);
}
