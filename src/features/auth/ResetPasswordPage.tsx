import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../lib/navigation';
import { isLoggedIn } from '../../stores/session';
import { openLogin, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { forgetReset } from './api';
import { logoutLocally } from './logout';
import { forgetResetTicket, resetTicket } from './resetTicket';
import { useFormSubmit } from './fields';
import { NewPassword, newPasswordValid } from './NewPassword';
import styles from './Security.module.css';

/**
 * /resetPassword: the end of the forget-password flow (/forgetPassword proves the phone with its code).
 * A new password twice; every session of the account ends, this one too, so the player logs in again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ password: '', again: '' });
  const { busy, problem, onSubmit } = useFormSubmit();
  const ticket = resetTicket();
  if (!ticket) {
    return (
      <PageLayout>
        <Notice icon="lock" title={t('security.reset.expiredTitle')} description={t('security.reset.expiredBody')}>
          <Link to="/forgetPassword">{t('security.reset.start')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const submit = onSubmit(
    () => newPasswordValid(values),
    async () => {
      await forgetReset(ticket, values.password);
      forgetResetTicket();
      if (isLoggedIn()) logoutLocally();
      showToast('success', t('security.reset.done'));
      navigateTo('/', { replace: true });
      openLogin({ type: 'password' });
    },
  );
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{t('security.reset.intro')}</p>
        <NewPassword values={values} onChange={setValues} problem={problem} />
        <Button type="submit" block busy={busy}>
          {t('security.password.save')}
        </Button>
      </form>
    </PageLayout>
  );
}
