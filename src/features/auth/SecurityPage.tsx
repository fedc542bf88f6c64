import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { KycStatus, isKycNotSet } from '../../contract/kyc';
import { useKycStatus } from '../../hooks/useKycStatus';
import { Icon, type IconName } from '../../ui/Icon';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { useSecurityInfo } from './securityApi';
import styles from './Security.module.css';

interface Row {
  to: string;
  icon: IconName;
  label: string;
  state: string;
  /** `dim`: not known yet, or the last known state only. */
  tone: 'ok' | 'warn' | 'dim';
  action: string;
}

/** The identity row's words from the KYC store (spec §4): the KYC pages themselves are another feature's. */
function identityState(status: { ekycStatus: number; oldKycStatus: number }): { key: string; tone: 'ok' | 'warn' } {
  if (status.ekycStatus === KycStatus.Approved) return { key: 'kycApproved', tone: 'ok' };
  if (status.ekycStatus === KycStatus.Pending) return { key: 'kycPending', tone: 'warn' };
  if (status.oldKycStatus === KycStatus.Approved && isKycNotSet(status.ekycStatus)) return { key: 'kycUpdate', tone: 'warn' };
  if (status.ekycStatus === KycStatus.SystemRejected || status.ekycStatus === KycStatus.ManuallyRejected)
    return { key: 'kycRejected', tone: 'warn' };
  return { key: 'kycNotSet', tone: 'warn' };
}

/** /security: each protection of the account with its state, and the page that sets or changes it. */
export function SecurityPage() {
  const { t } = useTranslation();
  const info = useSecurityInfo();
  // Asked on arrival: until it answers the row says so (or shows the last known state, marked), never a guess.
  const identity = useKycStatus();

  if (info.isPending)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={5} />
      </PageLayout>
    );
  if (!info.data)
    return (
      <PageLayout>
        <Notice icon="wifiOff" title={t('security.centre.loadFailed')} role="alert" />
      </PageLayout>
    );

  const s = info.data;
  const kycState = identityState(identity.info);
  const rows: Row[] = [
    {
      to: s.hasLoginPassword ? '/modifyLoginPwd' : '/setLoginPwd',
      icon: 'lock',
      label: t('security.centre.loginPassword'),
      state: t(s.hasLoginPassword ? 'security.centre.set' : 'security.centre.notSet'),
      tone: s.hasLoginPassword ? 'ok' : 'warn',
      action: t(s.hasLoginPassword ? 'security.centre.change' : 'security.centre.add'),
    },
    {
      to: s.hasWithdrawPassword ? '/modifyWithdrawPwd' : '/setWithdrawPwd',
      icon: 'wallet',
      label: t('security.centre.withdrawPassword'),
      state: t(s.hasWithdrawPassword ? 'security.centre.set' : 'security.centre.notSet'),
      tone: s.hasWithdrawPassword ? 'ok' : 'warn',
      action: t(s.hasWithdrawPassword ? 'security.centre.change' : 'security.centre.add'),
    },
    {
      to: s.mobileNo ? '/changePhone' : '/setPhone',
      icon: 'user',
      label: t('security.centre.phone'),
      state: s.mobileNo || t('security.centre.notSet'),
      tone: s.mobileNo ? 'ok' : 'warn',
      action: t(s.mobileNo ? 'security.centre.change' : 'security.centre.bind'),
    },
    {
      to: s.email && !s.emailVerified ? '/verifyEmail' : '/changeEmail',
      icon: 'send',
      label: t('security.centre.email'),
      state: s.email
        ? `${s.email} · ${t(s.emailVerified ? 'security.centre.verified' : 'security.centre.notVerified')}`
        : t('security.centre.notSet'),
      tone: s.emailVerified ? 'ok' : 'warn',
      action: t(!s.email ? 'security.centre.add' : s.emailVerified ? 'security.centre.change' : 'security.email.save'),
    },
    {
      to: '/KYCAutomation',
      icon: 'shield',
      label: t('security.centre.identity'),
      state: identity.describe(t(`security.centre.${kycState.key}` as 'security.centre.kycNotSet')),
      tone: identity.phase === 'current' ? kycState.tone : 'dim',
      action: '',
    },
  ];

  return (
    <PageLayout flush>
      <p className={styles.intro}>{t('security.centre.intro')}</p>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.label}>
            {/* Named as it reads, label, state, action ('Login password: Set, Change': WCAG 2.5.3); the
                spaces between them are read, not drawn (flex rows drop them). */}
            <Link to={row.to} className={styles.row} aria-label={`${row.label}: ${row.state}${row.action ? `, ${row.action}` : ''}`}>
              <span className={styles.icon}>
                <Icon name={row.icon} size={20} />
              </span>
              <span className={styles.text}>
                <span className={styles.label}>{row.label}</span>{' '}
                <span className={`${styles.state} ${row.tone === 'dim' ? '' : styles[row.tone]}`}>{row.state}</span>
              </span>{' '}
              {row.action && <span className={styles.action}>{row.action}</span>}
              <span className={styles.chevron}>
                <Icon name="chevron" size={18} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}
