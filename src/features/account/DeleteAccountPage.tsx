import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/instance';
import { CodeField } from '../../ui/FormFields';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { useCountdown } from '../../hooks/useCountdown';
import { formatCentavos } from '../../lib/money';
import { navigateTo } from '../../lib/navigation';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { PageSkeleton } from '../../ui/Skeleton';
import { accountQuery } from './api';
import styles from '../../ui/Profile.module.css';

/**
 * /deleteAccount: what closing means, then a code to the player's email (or phone), then the closure.
 * An account that still holds money cannot be closed until it is withdrawn.
 */
export function DeleteAccountPage({
  onClosed,
}: {
  /** Ends the session on this device once the account is closed (src/app: auth's logout). */ onClosed: () => void;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(accountQuery);
  const { secondsLeft, start } = useCountdown();
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'send' | 'close' | null>(null);

  if (!data) return <PageSkeleton label={t('common.loading')} />;
  if (!data.canDelete) {
    return (
      <PageLayout>
        <Notice
          icon="wallet"
          title={t('deleteAccount.balanceTitle')}
          description={t('deleteAccount.balanceBody', { amount: formatCentavos(data.balance) })}
        />
      </PageLayout>
    );
  }

  const send = async () => {
    setBusy('send');
    try {
      const answer = await api.call<{ channel: string; recipient: string }>('main', 'account/deleteAccountMailSend');
      setSentTo(answer.recipient);
      start(60);
    } catch {
      // told by the API client
    } finally {
      setBusy(null);
    }
  };

  const close = async () => {
    setBusy('close');
    try {
      await api.call('main', 'account/delete', { code, reason });
      onClosed();
      showToast('success', t('deleteAccount.done'));
      navigateTo('/', { replace: true });
    } catch {
      setBusy(null);
    }
  };

  return (
    <PageLayout flush>
      <div className={styles.form}>
        <p className={styles.intro}>{t('deleteAccount.intro')}</p>
        <ul className={styles.intro}>
          <li>{t('deleteAccount.pointHistory')}</li>
          <li>{t('deleteAccount.pointPhone')}</li>
          <li>{t('deleteAccount.pointBreak')}</li>
        </ul>
        <label className={styles.legend} htmlFor="delete-reason">
          {t('deleteAccount.reason')}
        </label>
        <textarea
          id="delete-reason"
          className={styles.textarea}
          rows={3}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button variant="secondary" block busy={busy === 'send'} disabled={secondsLeft > 0} onClick={() => void send()}>
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('deleteAccount.sendCode')}
        </Button>
        {sentTo && (
          <>
            <p className={styles.sent}>{t('auth.codeSent', { to: sentTo })}</p>
            <CodeField
              label={t('auth.code')}
              placeholder={t('auth.codePlaceholder')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <Button variant="danger" block busy={busy === 'close'} disabled={code.length !== 6} onClick={() => void close()}>
              {t('deleteAccount.confirm')}
            </Button>
          </>
        )}
      </div>
    </PageLayout>
  );
}
