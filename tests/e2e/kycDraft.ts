/** What the eKYC steps hand to the personal-information form (src/stores/kycDraft.ts), as if the player had just taken both photos. */
export const KYC_DRAFT = {
  transactionId: 'tx-e2e-0001',
  faceImageKey: 'face-key-e2e-000000000001',
  idImageKey: 'id-key-e2e-0000000000001',
  idType: 4,
  idNo: 'N01-23-456789',
  firstName: 'Maria',
  middleName: 'Reyes',
  lastName: 'Santos',
  birthday: '1992-03-14',
};
