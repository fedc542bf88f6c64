import { useTranslation } from 'react-i18next';
import type { KycNeed } from '../../api/catalogue';
import { kycEntryPage, operationOfCall } from '../../lib/kycRules';
import { customerServiceHref, navigateTo } from '../../lib/navigation';
import { kyc } from '../../stores/kyc';
import { type OverlayComponentProps, ui } from '../../stores/ui';
import { Dialog } from '../../ui/Dialog';

/** What opens the KYC dialog: a call's answer (catalogue KycNeed) or a prompt of spec §4. */
export type KycDialogNeed = KycNeed | 'weak' | 'strong';

/**
 * The KYC dialogs (the 'forcedKyc' overlay): the weak and strong prompts, and what a call answered —
 * the deadline passed (how to verify, then /EKYCAutomation), 'Verification Required' (facial recognition
 * at /face-capture, then back), today's limit, a closed verification, a duplicate ID (/MultiAccount), an
 * ID at its maximum of verifications. The words are the player's (i18n kyc.*), whatever the server said.
 */
export function KycDialog({ props, onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  const need = props['need'] as KycDialogNeed;
  const go = (href: string) => () => {
    onClose();
    navigateTo(href);
  };
  const later = { label: t('kyc.prompt.later'), onPress: onClose };
  const cancel = { label: t('kyc.prompt.cancel'), onPress: onClose };
  const service = { label: t('common.customerService'), onPress: go(customerServiceHref(ui.currentRouteName, { about: 'kyc' })) };
  const ok = { label: t('kyc.prompt.ok'), onPress: onClose };
  switch (need) {
    case 'weak':
      return (
        <Dialog
          title={t('kyc.prompt.weakTitle')}
          message={`${t('kyc.prompt.weak', { count: kyc.daysLeft })} ${t('kyc.deadlineRule', { days: kyc.kycDays })}`}
          confirm={{ label: t('kyc.prompt.verify'), onPress: go(kycEntryPage(kyc)) }}
          cancel={later}
          onDismiss={onClose}
          unasked
        />
      );
    case 'strong': {
      // Blocking: no way to close it but to go and verify (or read the result while under review).
      const pending = kyc.ekycStatus === 0;
      return (
        <Dialog
          title={t('kyc.prompt.strongTitle')}
          message={pending ? t('kyc.prompt.strongPending') : t('kyc.prompt.strong')}
          confirm={{ label: pending ? t('kyc.viewResult') : t('kyc.prompt.verify'), onPress: go(kycEntryPage(kyc)) }}
          cancel={null}
          unasked
        />
      );
    }
    case 'deadline':
      return (
        <Dialog
          title={t('kyc.prompt.deadlineTitle')}
          message={`${t('kyc.restricted')} ${t('kyc.prompt.deadlineSteps')}`}
          confirm={{ label: t('kyc.prompt.verify'), onPress: go('/EKYCAutomation') }}
          cancel={cancel}
          onDismiss={onClose}
        />
      );
    case 'faceCheck': {
      const operation = operationOfCall(String(props['path'] ?? ''));
      return (
        <Dialog
          title={t('kyc.prompt.faceTitle')}
          message={t('kyc.prompt.face')}
          confirm={{ label: t('kyc.prompt.faceButton'), onPress: go(`/face-capture?operation=${operation}`) }}
          cancel={cancel}
          onDismiss={onClose}
        />
      );
    }
    case 'dailyLimit':
      return (
        <Dialog
          title={t('kyc.prompt.dailyLimitTitle')}
          message={t('kyc.result.dailyLimit')}
          confirm={ok}
          cancel={service}
          onDismiss={onClose}
        />
      );
    case 'refused':
      return (
        <Dialog
          title={t('kyc.prompt.refusedTitle')}
          message={t('kyc.result.contactServiceNoReason')}
          confirm={service}
          cancel={cancel}
          onDismiss={onClose}
        />
      );
    case 'repeated':
      return (
        <Dialog
          title={t('kyc.multi.dialogTitle')}
          message={t('kyc.multi.dialogBody')}
          confirm={{ label: t('kyc.multi.dialogButton'), onPress: go('/MultiAccount') }}
          cancel={cancel}
          onDismiss={onClose}
        />
      );
    case 'maxVerifications':
      return (
        <Dialog
          title={t('kyc.prompt.maxTitle')}
          message={t('kyc.result.maxVerifications')}
          confirm={ok}
          cancel={service}
          onDismiss={onClose}
        />
      );
    default:
      return null;
  }
}
