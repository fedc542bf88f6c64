import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SecurityBody, SecurityCall } from '../../contract/security';
import { session } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { CodeInput } from './CodeInput';
import { NewPassword, newPasswordValid } from './NewPassword';
import { allValid, useFormSubmit } from './fields';
import { modifyLoginPwd, useSecurityInfo, sendOwnPhoneCode, setLoginPwd } from './securityApi';
import styles from './Security.module.css';

const codeField = SecurityBody.verifyPhone.shape.code;
const oldField = SecurityBody.modifyPwd.shape.oldPassword;

function Loading() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <PageSkeleton label={t('common.loading')} lines={4} />
    </PageLayout>
  );
}

/** /setLoginPwd: a first login password (an account opened by SMS or as a visitor has none), with the phone's code when there is a phone. */
export function SetLoginPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useSecurityInfo();
  const { user } = useSnapshot(session);
  const [values, setValues] = useState({ password: '', again: '' });
  const [code, setCode] = useState('');
  const { busy, problem, onSubmit } = useFormSubmit();
  if (info.isPending) return <Loading />;
  if (info.data?.hasLoginPassword) {
    return (
      <PageLayout>
        <Notice icon="lock" title={t('security.password.alreadyTitle')} description={t('security.password.alreadyBody')}>
          <Link to="/modifyLoginPwd">{t('security.password.toModify')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const phone = user?.mobileNo ?? '';
  const submit = onSubmit(
    () => newPasswordValid(values) && (!phone || allValid([[codeField, code]])),
    async () => {
      await setLoginPwd({ password: values.password, ...(phone ? { code } : {}) });
      await queryClient.invalidateQueries({ queryKey: ['main', SecurityCall.securityInfo] });
      showToast('success', t('security.password.saved'));
      void navigate({ to: '/security', replace: true });
    },
  );
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{phone ? t('security.password.setIntroCode', { phone }) : t('security.password.setIntro')}</p>
        <NewPassword values={values} onChange={setValues} problem={problem} />
        {phone && (
          <CodeInput
            label={t('auth.code')}
            send={() => sendOwnPhoneCode('setPwd')}
            value={code}
            onChange={setCode}
            error={problem(codeField, code)}
          />
        )}
        <Button type="submit" block busy={busy}>
          {t('security.password.save')}
        </Button>
      </form>
    </PageLayout>
  );
}

/** /modifyLoginPwd: the current password, then the new one twice. Wrong current passwords count like wrong logins. */
export function ModifyLoginPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useSecurityInfo();
  const [old, setOld] = useState('');
  const [values, setValues] = useState({ password: '', again: '' });
  const { busy, problem, onSubmit } = useFormSubmit();
  if (info.isPending) return <Loading />;
  if (info.data && !info.data.hasLoginPassword) {
    return (
      <PageLayout>
        <Notice icon="lock" title={t('security.password.noneTitle')} description={t('security.password.noneBody')}>
          <Link to="/setLoginPwd">{t('security.password.toSet')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const submit = onSubmit(
    () => allValid([[oldField, old]]) && newPasswordValid(values),
    async () => {
      await modifyLoginPwd({ oldPassword: old, newPassword: values.password });
      showToast('success', t('security.password.changed'));
      void navigate({ to: '/security', replace: true });
    },
  );
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{t('security.password.modifyIntro')}</p>
        <TextField
          type="password"
          label={t('security.password.current')}
          autoComplete="current-password"
          value={old}
          error={problem(oldField, old)}
          onChange={(event) => setOld(event.target.value)}
        />
        <NewPassword values={values} onChange={setValues} problem={problem} />
        <Button type="submit" block busy={busy}>
          {t('security.password.save')}
        </Button>
      </form>
      <p className={styles.links}>
        <Link to="/forgetPassword" className={styles.link}>
          {t('security.password.forgot')}
        </Link>
      </p>
    </PageLayout>
  );
}
