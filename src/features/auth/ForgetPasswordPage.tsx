import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CodeField, PhoneField, useFieldError } from '../../ui/FormFields';
import { PageLayout } from '../../ui/PageLayout';
import { forgetVerifySchema } from '../../contract/forms';
import { useCountdown } from '../../hooks/useCountdown';
import { navigateTo } from '../../lib/navigation';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import styles from '../../ui/Profile.module.css';
import { forgetSendCode, forgetVerifyCode } from './api';
import { keepResetTicket } from './resetTicket';
import { captchaToken } from './captcha';

const codeForm = z.object({ phone: forgetVerifySchema.shape.phone, code: forgetVerifySchema.shape.code });

/** /forgetPassword: a code to the phone proves the number; /resetPassword then takes the new password (the forget-password V2 calls). */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [sending, setSending] = useState(false);
  const { secondsLeft, start } = useCountdown();
  const first = useForm<z.infer<typeof codeForm>>({
    resolver: standardSchemaResolver(codeForm),
    mode: 'onTouched',
    defaultValues: { phone: '', code: '' },
  });

  const send = async () => {
    if (!(await first.trigger('phone'))) return;
    setSending(true);
    try {
      const answer = await forgetSendCode(first.getValues('phone'), await captchaToken());
      start(answer.waitSeconds);
      showToast('info', t('forget.codeSentIfRegistered'));
    } catch {
      // told by the API client
    } finally {
      setSending(false);
    }
  };

  const verify = first.handleSubmit(async ({ phone, code }) => {
    try {
      keepResetTicket((await forgetVerifyCode(phone, code)).resetTicket);
      navigateTo('/resetPassword');
    } catch {
      // told by the API client
    }
  });

  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={verify} noValidate>
        <p className={styles.intro}>{t('forget.intro')}</p>
        <PhoneField
          label={t('auth.phone')}
          placeholder={t('auth.phonePlaceholder')}
          error={fieldError(first.formState.errors.phone)}
          {...first.register('phone')}
        />
        <Button variant="secondary" block busy={sending} disabled={secondsLeft > 0} onClick={() => void send()}>
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
        </Button>
        <div style={{ height: 16 }} />
        <CodeField
          label={t('auth.code')}
          placeholder={t('auth.codePlaceholder')}
          error={fieldError(first.formState.errors.code)}
          {...first.register('code')}
        />
        <Button type="submit" block busy={first.formState.isSubmitting}>
          {t('forget.next')}
        </Button>
      </form>
    </PageLayout>
  );
}
