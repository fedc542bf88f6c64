/**
 * The banks a player can withdraw to (withdraw/bank, type 99): Philippine banks on InstaPay and PESONet,
 * with their short codes (the code a payout names the bank by). Static configuration: a bank joins or
 * leaves with a release, as the payout provider's list changes.
 */
export interface Bank {
  bankCode: string;
  bankName: string;
}

export const BANKS: readonly Bank[] = [
  { bankCode: 'BDO', bankName: 'BDO Unibank' },
  { bankCode: 'BPI', bankName: 'Bank of the Philippine Islands (BPI)' },
  { bankCode: 'MBTC', bankName: 'Metrobank' },
  { bankCode: 'LBP', bankName: 'Land Bank of the Philippines' },
  { bankCode: 'PNB', bankName: 'Philippine National Bank (PNB)' },
  { bankCode: 'UBP', bankName: 'UnionBank of the Philippines' },
  { bankCode: 'SECB', bankName: 'Security Bank' },
  { bankCode: 'RCBC', bankName: 'RCBC' },
  { bankCode: 'CBC', bankName: 'China Bank' },
  { bankCode: 'EWB', bankName: 'EastWest Bank' },
  { bankCode: 'DBP', bankName: 'Development Bank of the Philippines' },
  { bankCode: 'AUB', bankName: 'Asia United Bank' },
  { bankCode: 'PSB', bankName: 'PSBank' },
  { bankCode: 'BOC', bankName: 'Bank of Commerce' },
  { bankCode: 'PBCOM', bankName: 'PBCOM' },
  { bankCode: 'MAYBANK', bankName: 'Maybank Philippines' },
  { bankCode: 'CTBC', bankName: 'CTBC Bank Philippines' },
  { bankCode: 'SBA', bankName: 'Sterling Bank of Asia' },
  { bankCode: 'ROBINSONS', bankName: 'Robinsons Bank' },
  { bankCode: 'CIMB', bankName: 'CIMB Bank Philippines' },
  { bankCode: 'GOTYME', bankName: 'GoTyme Bank' },
  { bankCode: 'TONIK', bankName: 'Tonik Digital Bank' },
  { bankCode: 'SEABANK', bankName: 'SeaBank Philippines' },
];

export function bankByCode(code: string | null | undefined): Bank | undefined {
  return code ? BANKS.find((bank) => bank.bankCode === code) : undefined;
}

/** The logo of a bank: a static asset of the app, by code (a missing file shows the generic bank icon). */
export const bankLogo = (code: string) => `/images/banks/${code.toLowerCase()}.svg`;
