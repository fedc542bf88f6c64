import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CheckField, CodeField, PhoneField, useFieldError } from '../../ui/FormFields';
import { ApiError } from '../../api/client';
import { events } from '../../api/events';
import { cooldownSeconds } from '../../api/cooldown';
import { GatewayCode } from '../../contract/errorCodes';
import { loginByPasswordSchema, loginBySmsSchema, registerSchema } from '../../contract/forms';
import { isOfAge, manilaDate } from '../../contract/people';
import { parsePesos } from '../../lib/money';
import { useCountdown } from '../../hooks/useCountdown';
import { i18next } from '../../i18n';
import { type LoginDialogType, closeOverlay, showDialog, type OverlayComponentProps } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Sheet } from '../../ui/Sheet';
import { tabStyles, useTabs } from '../../ui/Tabs';
import { loginByPassword, loginBySms, register, sendCode, sendLoginCode } from './api';
import { captchaToken, prepareCaptcha } from './captcha';
import styles from './LoginDialog.module.css';
import { completeLogin } from './session';
import { SocialButtons } from './SocialButtons';

/** The latest birthday that is 21 today, for the date picker's upper bound. */
function latestAdultBirthday(): string {
  const [y, m, d] = manilaDate(new Date()).split('-');
  return `${Number(y) - 21}-${m}-${d}`;
}

/** The under-21 'TIPS' alert (spec §2 login dialog, §8 GW_510517), shown before anything is sent. */
function underAgeAlert(): void {
  // A refused under-21 registration is a necessary event (regulatory; listed in the privacy text).
  events.necessary('ageRefused');
  // Said while registering: no account exists yet, so nothing about one 'logging in'.
  showDialog({
    title: i18next.t('dialog.TIPS'),
    message: i18next.t('errors.underAgeRegister'),
    confirm: { label: i18next.t('common.ok') },
  });
}

const smsForm = z.object({
  phone: loginBySmsSchema.shape.phone,
  code: loginBySmsSchema.shape.code,
  birthday: z.optional(z.string()),
  agree: z.optional(z.boolean()),
});

/** The part of a form the send-code button needs: check the phone, then read it. */
interface PhoneForm {
  trigger(name: 'phone'): Promise<boolean>;
  getValues(name: 'phone'): string;
}

/**
 * The phone field, and the code field with its Send code button: it checks the number, passes the
 * security check, sends the code and counts down to when another may be asked for.
 */
function PhoneAndCode({
  form,
  send,
  phone,
  code,
  phoneError,
  codeError,
}: {
  form: PhoneForm;
  send: (phone: string, captcha: string) => Promise<{ waitSeconds: number }>;
  phone: UseFormRegisterReturn;
  code: UseFormRegisterReturn;
  phoneError: string | undefined;
  codeError: string | undefined;
}) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const onSend = async () => {
    if (!(await form.trigger('phone'))) return;
    setSending(true);
    try {
      start((await send(form.getValues('phone'), await captchaToken())).waitSeconds);
    } catch (error) {
      // Told by the API client; a code asked too soon also starts the wait the server names.
      const wait = cooldownSeconds(error);
      if (wait) start(wait);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <PhoneField label={t('auth.phone')} placeholder={t('auth.phonePlaceholder')} error={phoneError} {...phone} />
      <div className={styles.codeRow}>
        <CodeField label={t('auth.code')} placeholder={t('auth.codePlaceholder')} error={codeError} {...code} />
        <Button variant="secondary" className={styles.sendButton} onClick={() => void onSend()} busy={sending} disabled={secondsLeft > 0}>
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
        </Button>
      </div>
    </>
  );
}

function SmsLogin({ redirectTo }: { redirectTo: string | undefined }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [isNew, setIsNew] = useState(false);
  const form = useForm<z.infer<typeof smsForm>>({
    resolver: standardSchemaResolver(smsForm),
    mode: 'onTouched',
    defaultValues: { phone: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const send = async (phone: string, captcha: string) => {
    const answer = await sendLoginCode(phone, captcha);
    setIsNew(!answer.registered);
    return answer;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (isNew) {
      if (!values.birthday) return form.setError('birthday', { message: 'birthday' });
      if (!isOfAge(values.birthday, new Date())) return underAgeAlert();
      if (!values.agree) return form.setError('agree', { message: 'agree' });
    }
    try {
      completeLogin(await loginBySms(values), redirectTo);
    } catch (error) {
      if (error instanceof ApiError && error.code === GatewayCode.BirthdayRequired) setIsNew(true);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <PhoneAndCode
        form={form}
        send={send}
        phone={form.register('phone')}
        code={form.register('code')}
        phoneError={fieldError(errors.phone)}
        codeError={fieldError(errors.code)}
      />
      {isNew && (
        <>
          <p className={styles.note}>{t('auth.newNumber')}</p>
          <TextField
            type="date"
            label={t('auth.birthday')}
            hint={t('auth.birthdayHint')}
            max={latestAdultBirthday()}
            error={fieldError(errors.birthday)}
            {...form.register('birthday')}
          />
          <CheckField label={<AgreeLabel />} error={fieldError(errors.agree)} {...form.register('agree')} />
        </>
      )}
      <Button type="submit" block busy={isSubmitting}>
        {isNew ? t('auth.registerAndLogin') : t('auth.login')}
      </Button>
    </form>
  );
}

function PasswordLogin({ redirectTo, onForgot }: { redirectTo: string | undefined; onForgot: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [visible, setVisible] = useState(false);
  const schema = z.object({ phone: loginByPasswordSchema.shape.phone, password: loginByPasswordSchema.shape.password });
  const form = useForm<z.infer<typeof schema>>({
    resolver: standardSchemaResolver(schema),
    mode: 'onTouched',
    defaultValues: { phone: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      completeLogin(await loginByPassword({ ...values, captchaToken: await captchaToken() }), redirectTo);
    } catch {
      // The API client already told the player what went wrong.
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <PhoneField
        label={t('auth.phone')}
        placeholder={t('auth.phonePlaceholder')}
        error={fieldError(errors.phone)}
        {...form.register('phone')}
      />
      <TextField
        type={visible ? 'text' : 'password'}
        label={t('auth.password')}
        autoComplete="current-password"
        error={fieldError(errors.password)}
        suffix={
          <button type="button" className={styles.reveal} onClick={() => setVisible(!visible)} aria-pressed={visible}>
            {visible ? t('auth.hidePassword') : t('auth.showPassword')}
          </button>
        }
        {...form.register('password')}
      />
      <div className={styles.forgotRow}>
        <Link to="/forgetPassword" className={styles.link} onClick={onForgot}>
          {t('auth.forgot')}
        </Link>
      </div>
      <Button type="submit" block busy={isSubmitting}>
        {t('auth.login')}
      </Button>
    </form>
  );
}

function AgreeLabel() {
  const { t } = useTranslation();
  return (
    <>
      {t('auth.agreeStart')}{' '}
      <Link to="/terms" className={styles.link} onClick={() => closeOverlay('login')}>
        {t('more.terms')}
      </Link>{' '}
      {t('auth.agreeAnd')}{' '}
      <Link to="/privacy-policy" className={styles.link} onClick={() => closeOverlay('login')}>
        {t('more.privacy')}
      </Link>
      .
    </>
  );
}

const registerForm = z.object({
  phone: registerSchema.shape.phone,
  code: registerSchema.shape.code,
  password: registerSchema.shape.password,
  birthday: registerSchema.shape.birthday,
  agree: z.boolean(),
  /** Pesos as typed; empty: no limit (responsible gaming's offer at registration). */
  depositLimit: z.string(),
});

function RegisterForm({ redirectTo }: { redirectTo: string | undefined }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<z.infer<typeof registerForm>>({
    resolver: standardSchemaResolver(registerForm),
    mode: 'onTouched',
    defaultValues: { phone: '', code: '', password: '', birthday: '', agree: false, depositLimit: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const send = (phone: string, captcha: string) => sendCode(phone, 'register', captcha);
  const onSubmit = form.handleSubmit(async (values) => {
    if (!isOfAge(values.birthday, new Date())) return underAgeAlert();
    if (!values.agree) return form.setError('agree', { message: 'agree' });
    const typedLimit = values.depositLimit.trim();
    const depositLimit = typedLimit ? parsePesos(typedLimit) : undefined;
    if (typedLimit && (depositLimit === undefined || depositLimit < 10_000 || depositLimit > 1_000_000_000)) {
      return form.setError('depositLimit', { message: 'depositLimit' });
    }
    try {
      const { depositLimit: _typed, ...rest } = values;
      completeLogin(await register({ ...rest, agree: true, ...(depositLimit === undefined ? {} : { depositLimit }) }), redirectTo);
    } catch {
      // The API client already told the player what went wrong.
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <PhoneAndCode
        form={form}
        send={send}
        phone={form.register('phone')}
        code={form.register('code')}
        phoneError={fieldError(errors.phone)}
        codeError={fieldError(errors.code)}
      />
      <TextField
        type="password"
        label={t('auth.password')}
        autoComplete="new-password"
        hint={t('validation.password')}
        error={fieldError(errors.password)}
        {...form.register('password')}
      />
      <TextField
        type="date"
        label={t('auth.birthday')}
        hint={t('auth.birthdayHint')}
        max={latestAdultBirthday()}
        error={fieldError(errors.birthday)}
        {...form.register('birthday')}
      />
      <TextField
        label={t('auth.depositLimit')}
        inputMode="decimal"
        prefix="₱"
        hint={t('auth.depositLimitHint')}
        error={fieldError(errors.depositLimit)}
        {...form.register('depositLimit')}
      />
      <CheckField label={<AgreeLabel />} error={fieldError(errors.agree)} {...form.register('agree')} />
      <Button type="submit" block busy={isSubmitting}>
        {t('auth.registerAndLogin')}
      </Button>
    </form>
  );
}

type Mode = 'sms' | 'password' | 'register';

/**
 * The login dialog (spec §2, §4): SMS-code and password tabs, and registration. Its `type` opens it on a
 * tab; `tabsDisabled` keeps the player on that one. Success keeps the player and goes where they were
 * going (a login-required page they were sent away from).
 */
export function LoginDialog({ props, onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  const type = (props['type'] as LoginDialogType | undefined) ?? 'sms';
  const tabsDisabled = props['tabsDisabled'] === true;
  const redirectTo = typeof props['redirectTo'] === 'string' ? props['redirectTo'] : undefined;
  const [mode, setMode] = useState<Mode>(type);
  useEffect(() => prepareCaptcha(), []);
  // The device fingerprint goes with a registration (spec §7, §9): worked out now, while the player types.
  useEffect(() => events.prepareFingerprint(), []);

  const tabs = useTabs<Mode>(['sms', 'password'], mode, setMode);
  const showTabs = mode !== 'register' && !tabsDisabled;
  const tab = (value: 'sms' | 'password', label: string) => (
    <button {...tabs.tab(value)} className={tabStyles.tab}>
      {label}
    </button>
  );

  return (
    <Sheet title={mode === 'register' ? t('auth.titleRegister') : t('auth.titleLogin')} closeLabel={t('common.close')} onClose={onClose}>
      {showTabs && (
        <div {...tabs.tabList(t('auth.titleLogin'))} className={`${tabStyles.tabs} ${styles.tabs}`}>
          {tab('sms', t('auth.tabSms'))}
          {tab('password', t('auth.tabPassword'))}
        </div>
      )}
      <div className={styles.body} {...(showTabs ? tabs.panel({ named: false }) : {})}>
        {mode === 'sms' && <SmsLogin redirectTo={redirectTo} />}
        {mode === 'password' && <PasswordLogin redirectTo={redirectTo} onForgot={onClose} />}
        {mode === 'register' && <RegisterForm redirectTo={redirectTo} />}
        {!tabsDisabled && <SocialButtons returnTo={redirectTo} />}
      </div>
      {!tabsDisabled && (
        <p className={styles.switch}>
          {mode === 'register' ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => setMode(mode === 'register' ? 'sms' : 'register')}>
            {mode === 'register' ? t('auth.login') : t('auth.createAccount')}
          </button>
        </p>
      )}
      <p className={styles.age}>{t('app.ageNotice')}</p>
    </Sheet>
  );
}
