import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { cooldownSeconds } from '../../api/cooldown';
import { MoneyCall } from '../../contract/money';
import { useCountdown } from '../../hooks/useCountdown';
import { session, updateUser } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { CodeField } from '../../ui/FormFields';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { forgetWithdrawPwd, modifyWithdrawPwd, sendWithdrawPwdCode, setWithdrawPwd, withdrawSwitchQuery } from './api';
import { type PasswordProblem, newPasswordProblems, passwordProblem, returnPath } from './rules';
import styles from './Withdraw.module.css';

/** A 6-digit password box: digits only, hidden, the numeric keyboard. */
function DigitsField({
  label,
  value,
  onChange,
  problem,
  autoComplete = 'new-password',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: PasswordProblem | undefined;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      autoComplete={autoComplete}
      value={value}
      error={problem ? t(`withdraw.errors.${problem}`) : undefined}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

/** The SMS code to the player's own phone (customer/sendVerificationCode), with the wait before another. */
function SmsCode({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      start((await sendWithdrawPwdCode()).waitSeconds);
      showToast('info', t('withdraw.password.codeSent', { phone: user?.mobileNo ?? '' }));
    } catch (error) {
      // Told by the API client; a code asked too soon (the login's, say: one a minute per number) also
      // starts the wait the server names.
      const wait = cooldownSeconds(error);
      if (wait) start(wait);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.stack}>
      <Button variant="secondary" block busy={sending} disabled={secondsLeft > 0} onClick={() => void send()}>
        {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
      </Button>
      <CodeField
        label={t('withdraw.password.code', { phone: user?.mobileNo ?? '' })}
        placeholder={t('auth.codePlaceholder')}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    </div>
  );
}

interface Values {
  old: string;
  password: string;
  confirm: string;
  code: string;
}

/**
 * The three withdrawal-password pages share one form: what each asks for (`needs`), the call it makes,
 * and where the player goes afterwards (the page named by label, else the security centre).
 */
function PasswordForm({
  intro,
  needs,
  save,
  label,
}: {
  intro: string;
  needs: { old?: boolean; code?: boolean };
  save: (values: Values) => Promise<unknown>;
  label: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ old: '', password: '', confirm: '', code: '' });
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const problems = {
    ...newPasswordProblems({ password: values.password, confirm: values.confirm, ...(needs.old ? { old: values.old } : {}) }),
    ...(needs.old && passwordProblem(values.old) === 'passwordDigits' ? { old: 'passwordDigits' as const } : {}),
  };
  const codeProblem = needs.code && !/^\d{6}$/.test(values.code) ? t('validation.code') : undefined;
  const shown = (problem: PasswordProblem | undefined) => (checked ? problem : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length > 0 || codeProblem) return;
    setBusy(true);
    try {
      await save(values);
      updateUser({ withdrewPwd: true });
      await queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.withdrawSwitch] });
      showToast('success', t('withdraw.password.saved'));
      void navigate({ href: returnPath(label), replace: true });
    } catch {
      // told by the API client (a wrong old password or code says so)
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.page} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.note}>{intro}</p>
      <div>
        {needs.old && (
          <DigitsField
            label={t('withdraw.password.old')}
            value={values.old}
            onChange={set('old')}
            problem={shown(problems.old)}
            autoComplete="current-password"
          />
        )}
        <DigitsField
          label={t('withdraw.password.new')}
          value={values.password}
          onChange={set('password')}
          problem={shown(problems.password)}
        />
        <DigitsField
          label={t('withdraw.password.again')}
          value={values.confirm}
          onChange={set('confirm')}
          problem={shown(problems.confirm)}
        />
        <p className={styles.note}>{t('withdraw.password.rule')}</p>
      </div>
      {needs.code && (
        <div>
          <SmsCode value={values.code} onChange={set('code')} error={checked ? codeProblem : undefined} />
        </div>
      )}
      <Button type="submit" block busy={busy}>
        {t('withdraw.password.save')}
      </Button>
    </form>
  );
}

/** /setWithdrawPwd/:label?: the first withdrawal password (with the SMS code when the player has a phone). */
export function SetWithdrawPwdPage({ label }: { label?: string }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const state = useQuery(withdrawSwitchQuery);
  if (state.isPending)
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={4} />
      </PageLayout>
    );
  const hasPassword = state.data?.hasWithdrawPassword ?? user?.withdrewPwd ?? false;
  if (hasPassword) {
    return (
      <PageLayout>
        <Notice icon="lock" title={t('withdraw.password.alreadyTitle')} description={t('withdraw.password.alreadyBody')}>
          <Link to="/modifyWithdrawPwd">{t('withdraw.password.toModify')}</Link>
          <Link to="/forgetWithdrawPwd">{t('withdraw.password.forgot')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const hasPhone = Boolean(user?.mobileNo);
  return (
    <PageLayout flush>
      <PasswordForm
        intro={t(label === 'withdraw' || label === 'wallet' ? 'withdraw.password.setIntroFromWithdraw' : 'withdraw.password.setIntro')}
        needs={{ code: hasPhone }}
        label={label}
        save={({ password, code }) => setWithdrawPwd({ withdrawPassword: password, ...(hasPhone ? { code } : {}) })}
      />
    </PageLayout>
  );
}

/** /modifyWithdrawPwd: the old password, then the new one twice. */
export function ModifyWithdrawPwdPage({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <PageLayout flush>
      <PasswordForm
        intro={t('withdraw.password.modifyIntro')}
        needs={{ old: true }}
        label={label}
        save={({ old, password }) => modifyWithdrawPwd({ withdrawPassword: old, newWithdrawalPwd: password })}
      />
      <p className={`${styles.note} ${styles.sheetLink}`}>
        <Link to="/forgetWithdrawPwd" className={styles.linkButton}>
          {t('withdraw.password.forgot')}
        </Link>
      </p>
    </PageLayout>
  );
}

/** /forgetWithdrawPwd: the SMS code to the player's phone, then a new password twice. */
export function ForgetWithdrawPwdPage({ label }: { label?: string }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (!user?.mobileNo) {
    return (
      <PageLayout>
        <Notice icon="lock" title={t('withdraw.password.noPhoneTitle')} description={t('withdraw.password.noPhoneBody')}>
          <Link to="/setPhone">{t('withdraw.password.toSetPhone')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  return (
    <PageLayout flush>
      <PasswordForm
        intro={t('withdraw.password.forgetIntro')}
        needs={{ code: true }}
        label={label}
        save={({ code, password }) => forgetWithdrawPwd({ code, newWithdrawalPwd: password })}
      />
    </PageLayout>
  );
}
