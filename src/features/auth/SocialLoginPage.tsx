import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ApiError } from '../../api/client';
import { cooldownSeconds } from '../../api/cooldown';
import { GatewayCode } from '../../contract/errorCodes';
import { registerSchema } from '../../contract/forms';
import { isOfAge } from '../../contract/people';
import type { NeedBind, PhoneMaskAnswer, SocialProvider } from '../../contract/social';
import { StorageKey } from '../../contract/storageKeys';
import { i18next } from '../../i18n';
import { useCountdown } from '../../hooks/useCountdown';
import { navigateTo } from '../../lib/navigation';
import { session } from '../../lib/storage';
import { openLogin, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { CheckField, CodeField, PhoneField, useFieldError } from '../../ui/FormFields';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import styles from './LoginDialog.module.css';
import type { SocialCallbackSearch } from './search';
import { completeLogin } from './session';
import { createBind, finishSocialLogin, startedProvider, verifyPhoneMask } from './socialApi';

const NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

type Stage = { kind: 'working' } | { kind: 'refused'; message: string } | { kind: 'bind'; answer: NeedBind; returnTo: string };

/**
 * /googleloginredirect (issue 36): where Google and Apple send the player back. The code and state go to
 * our server once (it verifies the ID token) and leave the address; a bound identity logs in, an unbound
 * one is linked here: to the logged-in player who confirms, or to the account a code to its number
 * proves, or a new account (date of birth, 21+, the terms).
 */
export function SocialLoginPage({ code, state, iss, error }: SocialCallbackSearch) {
  const { t } = useTranslation();
  const [provider] = useState(startedProvider);
  const [stage, setStage] = useState<Stage>(() =>
    error ? { kind: 'refused', message: t('social.cancelled', { provider: NAMES[provider] }) } : { kind: 'working' },
  );

  useEffect(() => {
    if (!code || !state) return;
    // The code and state leave the address at once (never in history, never in a shared link).
    navigateTo('/googleloginredirect', { replace: true });
    session.remove(StorageKey.socialProvider);
    finishSocialLogin(provider, { code, state, ...(iss ? { iss } : {}) }).then(
      (answer) => {
        if (answer.status === 'loggedIn') completeLogin(answer, answer.returnTo);
        else setStage({ kind: 'bind', answer, returnTo: answer.returnTo });
      },
      (failure: unknown) => setStage({ kind: 'refused', message: failure instanceof ApiError ? failure.message : t('errors.badGateway') }),
    );
  }, [code, state, iss, provider, t]);

  const name = NAMES[provider];
  if (stage.kind === 'refused')
    return (
      <PageLayout title={t('social.refusedTitle')}>
        <Notice icon="info" role="alert" title={t('social.refusedTitle')} description={stage.message}>
          <Button
            onClick={() => {
              navigateTo('/', { replace: true });
              openLogin({});
            }}
          >
            {t('social.backToLogin')}
          </Button>
        </Notice>
      </PageLayout>
    );
  if (stage.kind === 'working')
    return (
      <PageLayout title={t('routes.googleloginredirect.title')}>
        <p role="status">{t('social.finishing', { provider: name })}</p>
      </PageLayout>
    );
  return (
    <PageLayout title={t('social.linkTitle', { provider: NAMES[stage.answer.provider] })}>
      {stage.answer.account ? (
        <ConfirmLink answer={stage.answer} returnTo={stage.returnTo} />
      ) : (
        <LinkByPhone answer={stage.answer} returnTo={stage.returnTo} />
      )}
    </PageLayout>
  );
}

function linked(provider: SocialProvider, returnTo: string) {
  showToast('success', i18next.t('social.linked', { provider: NAMES[provider] }));
  navigateTo(returnTo, { replace: true });
}

/** Logged in already: the session proves the player; they confirm. */
function ConfirmLink({ answer, returnTo }: { answer: NeedBind; returnTo: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = NAMES[answer.provider];
  const confirm = async () => {
    setBusy(true);
    try {
      await createBind({ bindTicket: answer.bindTicket });
      showToast('success', t('social.linked', { provider: name }));
      navigateTo(returnTo, { replace: true });
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className={styles.body}>
      <p className={styles.note}>
        {t('social.linkLoggedIn', { provider: name, email: answer.email, mobile: answer.account?.mobile ?? '' })}
      </p>
      <Button block busy={busy} onClick={() => void confirm()}>
        {t('social.linkConfirm', { provider: name })}
      </Button>
      <p className={styles.switch}>
        <Link to="/" className={styles.link}>
          {t('social.notNow')}
        </Link>
      </p>
    </div>
  );
}

const bindForm = z.object({
  phone: registerSchema.shape.phone,
  code: registerSchema.shape.code,
  birthday: z.optional(z.string()),
  agree: z.optional(z.boolean()),
});

/** Not logged in: a code to the player's number proves the account (or opens one for a new number). */
function LinkByPhone({ answer, returnTo }: { answer: NeedBind; returnTo: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { secondsLeft, start } = useCountdown();
  const [sent, setSent] = useState<PhoneMaskAnswer | undefined>();
  const [sending, setSending] = useState(false);
  const name = NAMES[answer.provider];
  const form = useForm<z.infer<typeof bindForm>>({
    resolver: standardSchemaResolver(bindForm),
    mode: 'onTouched',
    defaultValues: { phone: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const send = async () => {
    if (!(await form.trigger('phone'))) return;
    setSending(true);
    try {
      const mask = await verifyPhoneMask(answer.bindTicket, form.getValues('phone'));
      setSent(mask);
      start(mask.waitSeconds);
    } catch (failure) {
      const wait = cooldownSeconds(failure);
      if (wait) start(wait);
    } finally {
      setSending(false);
    }
  };
  const isNew = sent?.registered === false;
  const onSubmit = form.handleSubmit(async (values) => {
    if (isNew) {
      if (!values.birthday) return form.setError('birthday', { message: 'birthday' });
      if (!isOfAge(values.birthday, new Date())) return form.setError('birthday', { message: 'birthday' });
      if (!values.agree) return form.setError('agree', { message: 'agree' });
    }
    try {
      const bound = await createBind({
        bindTicket: answer.bindTicket,
        phone: values.phone,
        code: values.code,
        ...(isNew && values.birthday ? { birthday: values.birthday, agree: true } : {}),
      });
      if (bound.login) completeLogin(bound.login, returnTo);
      else linked(answer.provider, returnTo);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === GatewayCode.BirthdayRequired) setSent(sent && { ...sent, registered: false });
    }
  });
  return (
    <form className={styles.body} onSubmit={onSubmit} noValidate>
      <p className={styles.note}>{t('social.linkIntro', { provider: name, email: answer.email || name })}</p>
      <PhoneField
        label={t('auth.phone')}
        placeholder={t('auth.phonePlaceholder')}
        error={fieldError(errors.phone)}
        {...form.register('phone')}
      />
      <div className={styles.codeRow}>
        <CodeField
          label={t('auth.code')}
          placeholder={t('auth.codePlaceholder')}
          error={fieldError(errors.code)}
          {...form.register('code')}
        />
        <Button variant="secondary" className={styles.sendButton} onClick={() => void send()} busy={sending} disabled={secondsLeft > 0}>
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
        </Button>
      </div>
      {sent && (
        <p className={styles.note} role="status">
          {t('social.codeSentTo', { mobile: sent.mobile })}{' '}
          {sent.registered ? t('social.existingAccount', { provider: name }) : t('social.newAccount')}
        </p>
      )}
      {isNew && (
        <>
          <TextField
            type="date"
            label={t('auth.birthday')}
            hint={t('auth.birthdayHint')}
            error={fieldError(errors.birthday)}
            {...form.register('birthday')}
          />
          <CheckField
            label={
              <>
                {t('auth.agreeStart')}{' '}
                <Link to="/terms" className={styles.link}>
                  {t('more.terms')}
                </Link>
                .
              </>
            }
            error={fieldError(errors.agree)}
            {...form.register('agree')}
          />
        </>
      )}
      <Button type="submit" block busy={isSubmitting} disabled={!sent}>
        {isNew ? t('auth.registerAndLogin') : t('social.linkAndLogin')}
      </Button>
    </form>
  );
}
