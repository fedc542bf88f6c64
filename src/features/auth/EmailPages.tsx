import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SecurityBody, SecurityCall } from '../../contract/security';
import { updateUser } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { CodeInput } from './CodeInput';
import { allValid, useFormSubmit, useProblems } from './fields';
import { useSecurityInfo, sendEmailCode, sendOwnEmailCode, verifyEmail } from './securityApi';
import styles from './Security.module.css';

const emailField = SecurityBody.sendEmailCode.shape.newEmail;
const codeField = SecurityBody.verifyEmail.shape.code;

function Loading() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <PageSkeleton label={t('common.loading')} lines={3} />
    </PageLayout>
  );
}

/** After an email is verified: the kept player info and the security centre's answer. */
function useVerified() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async (email: string) => {
    updateUser({ email });
    await queryClient.invalidateQueries({ queryKey: ['main', SecurityCall.securityInfo] });
    showToast('success', t('security.email.saved'));
    void navigate({ to: '/security', replace: true });
  };
}

/** /changeEmail: adds or changes the email: a code to the new address, verified when the code comes back. */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const info = useSecurityInfo();
  const verified = useVerified();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailChecked, setEmailChecked] = useState(false);
  const { checked, busy, problem, onSubmit } = useFormSubmit();
  const emailProblem = useProblems(checked || emailChecked);
  if (info.isPending) return <Loading />;
  const submit = onSubmit(
    () =>
      allValid([
        [emailField, email],
        [codeField, code],
      ]),
    async () => {
      await verified((await verifyEmail({ code, newEmail: email })).email);
    },
  );
  const current = info.data?.email;
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{t('security.email.changeIntro')}</p>
        {current && <p className={styles.note}>{t('security.email.current', { email: current })}</p>}
        <TextField
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('security.email.address')}
          value={email}
          error={emailProblem(emailField, email)}
          onChange={(event) => setEmail(event.target.value)}
        />
        <CodeInput
          label={t('security.code.toEmail')}
          send={async () => {
            setEmailChecked(true);
            return z.safeParse(emailField, email).success ? sendEmailCode(email) : undefined;
          }}
          value={code}
          onChange={setCode}
          error={problem(codeField, code)}
        />
        <Button type="submit" block busy={busy}>
          {t('security.email.save')}
        </Button>
      </form>
    </PageLayout>
  );
}

/** /verifyEmail: verifies the email on file (given with the personal information) with a code to it. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const info = useSecurityInfo();
  const verified = useVerified();
  const [code, setCode] = useState('');
  const { busy, problem, onSubmit } = useFormSubmit();
  if (info.isPending) return <Loading />;
  const email = info.data?.email ?? '';
  if (!email) {
    return (
      <PageLayout>
        <Notice icon="send" title={t('security.email.noneTitle')} description={t('security.email.noneBody')}>
          <Link to="/changeEmail">{t('security.email.toAdd')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  if (info.data?.emailVerified) {
    return (
      <PageLayout>
        <Notice icon="shield" title={t('security.email.verifiedTitle')} description={t('security.email.verifiedBody', { email })}>
          <Link to="/changeEmail">{t('security.email.toChange')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const submit = onSubmit(
    () => allValid([[codeField, code]]),
    async () => {
      await verified((await verifyEmail({ code })).email);
    },
  );
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{t('security.email.verifyIntro', { email })}</p>
        <CodeInput
          label={t('security.code.toEmail')}
          send={sendOwnEmailCode}
          value={code}
          onChange={setCode}
          error={problem(codeField, code)}
        />
        <Button type="submit" block busy={busy}>
          {t('security.email.save')}
        </Button>
      </form>
    </PageLayout>
  );
}
