import { faceCaptureSearch } from '../../../features/kyc/search';
import { route, L, page } from '../route';

/** The routes of features/kyc. */
export const KYC_ROUTES = [
  route({
    path: '/aboutKYC',
    name: 'aboutKYC',
    owner: 'kyc',
    page: page('AboutKycPage', () => import('../../../features/kyc/AboutKycPage')),
  }),
  route({
    path: '/KYCAutomation',
    name: 'KYCAutomation',
    owner: 'kyc',
    ...L,
    page: page('KycAutomationPage', () => import('../../../features/kyc/KycAutomationPage')),
  }),
  route({
    path: '/EKYCAutomation',
    name: 'EKYCAutomation',
    owner: 'kyc',
    ...L,
    page: page('EkycAutomationPage', () => import('../../../features/kyc/EkycAutomationPage')),
  }),
  route({
    path: '/ekyc-zolos',
    name: 'ekyc-zolos',
    owner: 'kyc',
    ...L,
    page: page('ZolosPage', () => import('../../../features/kyc/ZolosPage')),
  }),
  route({
    path: '/MultiAccount',
    name: 'MultiAccount',
    owner: 'kyc',
    ...L,
    page: page('MultiAccountPage', () => import('../../../features/kyc/MultiAccountPage')),
  }),
  route({
    path: '/KycResult',
    name: 'KycResult',
    owner: 'kyc',
    ...L,
    page: page('KycResultPage', () => import('../../../features/kyc/KycResultPage')),
  }),
  route({
    path: '/kyc-information',
    name: 'kyc-information',
    owner: 'kyc',
    ...L,
    page: page('PersonalInfoPage', () => import('../../../features/kyc/profile/PersonalInfoPage')),
  }),
  route({
    path: '/TakePhotoKYC',
    name: 'TakePhotoKYC',
    owner: 'kyc',
    ...L,
    page: page('TakePhotoPage', () => import('../../../features/kyc/StepPages')),
  }),
  route({
    path: '/InformationConfirm',
    name: 'InformationConfirm',
    owner: 'kyc',
    ...L,
    page: page('InformationConfirmPage', () => import('../../../features/kyc/StepPages')),
  }),
  route({
    path: '/face-capture',
    name: 'face-capture',
    owner: 'kyc',
    ...L,
    search: faceCaptureSearch,
    page: page('FaceCapturePage', () => import('../../../features/kyc/StepPages')),
  }),
] as const;
