import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type KycOutcome, kycOutcome } from '../../lib/kycRules';
import { CUSTOMER_SERVICE_PATH, customerServiceSearch } from '../../lib/navigation';
import { openOverlay } from '../../stores/ui';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import type { IconName } from '../../ui/Icon';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { refreshKycStatus } from '../../api/kycStatus';
import { useKycStatus } from '../../hooks/useKycStatus';
import styles from './Kyc.module.css';
import { timers } from '../../lib/timers';

/** While under review the page asks again this often, in case the decision's push was missed (socket down). */
const PENDING_RECHECK_MS = 15_000;

const ICON: Record<KycOutcome, IconName> = {
  notSet: 'shield',
  updateIdentity: 'shield',
  dailyLimit: 'info',
  pending: 'refresh',
  approved: 'shield',
  rejected: 'info',
  repeated: 'info',
  maxVerifications: 'info',
  contactService: 'info',
};

/**
 * /KycResult: where the verification stands, in the player's words (spec §8 KYC messages): under review
 * (SMS and push will tell them), verified, rejected with the reason and 'Submit again', rejected by a
 * manual review (Customer Service), the ID's verifications used up, today's limit reached, or 'Update
 * Identity' for a player approved before whose verification must be renewed. A duplicate ID opens the
 * duplicate-ID dialog that leads to /MultiAccount.
 */
export function KycResultPage() {
  const { t } = useTranslation();
  // Asked on arrival; nothing is concluded from a status this app never heard (it would read 'not verified').
  const { info, phase } = useKycStatus();
  const outcome = kycOutcome(info);
  const reason = reasonText((key) => t(key as 'kyc.reasons.tampered'), info.rejectCode, info.rejectReason);

  useEffect(() => {
    if (outcome !== 'pending') return;
    const timer = timers.setInterval(() => void refreshKycStatus(), PENDING_RECHECK_MS);
    return () => timers.clearInterval(timer);
  }, [outcome]);
  const shownRepeated = useRef(false);
  useEffect(() => {
    if (outcome === 'repeated' && info.known && !shownRepeated.current) {
      shownRepeated.current = true;
      openOverlay('forcedKyc', { need: 'repeated' });
    }
  }, [outcome, info.known]);

  const primary = (to: string, label: string) => (
    <Link
      to={to}
      search={to === CUSTOMER_SERVICE_PATH ? customerServiceSearch('KycResult', { about: 'kyc' }) : undefined}
      className={`${buttonStyles.button} ${buttonStyles.primary}`}
    >
      {label}
    </Link>
  );
  const body: Record<KycOutcome, { title: string; text: string; action: React.ReactNode }> = {
    notSet: { title: t('kyc.result.notSetTitle'), text: t('kyc.result.notSet'), action: primary('/EKYCAutomation', t('kyc.verify')) },
    updateIdentity: {
      title: t('kyc.result.updateTitle'),
      text: t('kyc.result.update'),
      action: primary('/TakePhotoKYC', t('kyc.result.updateButton')),
    },
    dailyLimit: {
      title: t('kyc.result.dailyLimitTitle'),
      text: t('kyc.result.dailyLimit'),
      action: primary('/', t('kyc.result.backHome')),
    },
    pending: {
      title: t('kyc.result.pendingTitle'),
      text: t('kyc.result.pending'),
      action: (
        <Button block variant="secondary" onClick={() => void refreshKycStatus()}>
          {t('kyc.result.refresh')}
        </Button>
      ),
    },
    approved: { title: t('kyc.result.approvedTitle'), text: t('kyc.result.approved'), action: primary('/', t('kyc.result.backHome')) },
    rejected: {
      title: t('kyc.result.rejectedTitle'),
      text: reason ? t('kyc.result.rejected', { reason }) : t('kyc.result.rejectedNoReason'),
      action: primary('/EKYCAutomation', t('kyc.result.resubmit')),
    },
    repeated: {
      title: t('kyc.result.repeatedTitle'),
      text: t('kyc.reasons.repeated'),
      action: primary('/MultiAccount', t('kyc.multi.dialogButton')),
    },
    maxVerifications: {
      title: t('kyc.result.maxTitle'),
      text: t('kyc.result.maxVerifications'),
      action: primary(CUSTOMER_SERVICE_PATH, t('common.customerService')),
    },
    contactService: {
      title: t('kyc.result.contactServiceTitle'),
      text: reason ? t('kyc.result.contactService', { reason }) : t('kyc.result.contactServiceNoReason'),
      action: primary(CUSTOMER_SERVICE_PATH, t('common.customerService')),
    },
  };
  const shown = body[outcome];
  if (phase === 'unknown')
    return (
      <PageLayout flush>
        <PageSkeleton label={t('common.checking')} lines={3} />
      </PageLayout>
    );
  if (phase === 'failed')
    return (
      <PageLayout flush>
        <div className={styles.page}>
          <Notice icon="wifiOff" title={t('common.checkFailed')} role="alert">
            <Button block variant="secondary" onClick={() => void refreshKycStatus()}>
              {t('common.retry')}
            </Button>
          </Notice>
        </div>
      </PageLayout>
    );
  return (
    <PageLayout flush>
      <div className={styles.page} data-outcome={outcome}>
        <Notice icon={ICON[outcome]} title={shown.title} description={shown.text} role="status">
          {shown.action}
        </Notice>
      </div>
    </PageLayout>
  );
}

/** The reason in the player's words: ours for a known code, else what the server said. */
function reasonText(t: (key: string) => string, code: string | null, reason: string): string {
  const key = `kyc.reasons.${code ?? ''}`;
  const known = code ? t(key) : key;
  return known !== key ? known : reason;
}
