import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useSnapshot } from 'valtio';
import { isSwitchOnForH5 } from '../../contract/site';
import { SecurityBody, SecurityCall } from '../../contract/security';
import { session, updateUser } from '../../stores/session';
import { siteInfo } from '../../stores/siteInfo';
import { showToast } from '../../stores/ui';
import { InfoList } from '../../ui/InfoList';
import { PhoneField } from '../../ui/FormFields';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { CodeInput } from './CodeInput';
import { allValid, useFormSubmit, type useProblems } from './fields';
import { sendNewPhoneCode, sendOwnPhoneCode, verifyPhone } from './securityApi';
import styles from './Security.module.css';

const phoneField = SecurityBody.verifyPhone.shape.newPhone;
const codeField = SecurityBody.verifyPhone.shape.code;

/** The new number and its code (phone/sendCode 'bind'): the part both pages share. */
function NewNumber({
  phone,
  code,
  onPhone,
  onCode,
  problem,
  labels,
}: {
  phone: string;
  code: string;
  onPhone: (value: string) => void;
  onCode: (value: string) => void;
  problem: ReturnType<typeof useProblems>;
  labels: { phone: string; code: string };
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  return (
    <>
      <PhoneField
        label={labels.phone}
        placeholder={t('auth.phonePlaceholder')}
        value={phone}
        error={problem(phoneField, phone) ?? (touched && !z.safeParse(phoneField, phone).success ? t('validation.phone') : undefined)}
        onChange={(event) => onPhone(event.target.value)}
      />
      <CodeInput
        label={labels.code}
        send={async () => {
          setTouched(true);
          if (!z.safeParse(phoneField, phone).success) return undefined;
          return sendNewPhoneCode(phone);
        }}
        value={code}
        onChange={onCode}
        error={problem(codeField, code)}
      />
    </>
  );
}

/** After a phone is bound or changed: the kept player info, the security centre's answer, and on. */
function useDone() {
  const queryClient = useQueryClient();
  return async (mobileNo: string) => {
    updateUser({ mobileNo });
    await queryClient.invalidateQueries({ queryKey: ['main', SecurityCall.securityInfo] });
  };
}

/**
 * /setPhone/:label? and /bindPhone: binds a number to an account without one (the new number's code).
 * With PHONE_BIND_SWITCH on for H5 the router keeps a logged-in player without a phone here; once the
 * number is bound they are free to go on.
 */
export function SetPhonePage({ label }: { label?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useDone();
  const { user } = useSnapshot(session);
  const { data: site } = useSnapshot(siteInfo);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, onSubmit } = useFormSubmit();
  const forced = isSwitchOnForH5(site.PHONE_BIND_SWITCH);

  if (user?.mobileNo && !busy) {
    return (
      <PageLayout>
        <Notice
          icon="user"
          title={t('security.phone.alreadyTitle')}
          description={t('security.phone.alreadyBody', { phone: user.mobileNo })}
        >
          <Link to="/changePhone">{t('security.phone.toChange')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const submit = onSubmit(
    () =>
      allValid([
        [phoneField, phone],
        [codeField, code],
      ]),
    async () => {
      const bound = await verifyPhone({ newPhone: phone, code });
      await done(bound.mobileNo);
      showToast('success', t('security.phone.bound'));
      void navigate({ to: label === 'security' || !forced ? '/security' : '/', replace: true });
    },
  );
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{t(forced ? 'security.phone.bindForced' : 'security.phone.bindIntro')}</p>
        <NewNumber
          phone={phone}
          code={code}
          onPhone={setPhone}
          onCode={setCode}
          problem={problem}
          labels={{ phone: t('security.phone.number'), code: t('auth.code') }}
        />
        <Button type="submit" block busy={busy}>
          {t('security.phone.save')}
        </Button>
      </form>
    </PageLayout>
  );
}

/**
 * /changePhone: a code to the current number and one to the new number. Afterwards the account's other
 * sessions end (GW_800407: another device shows the mobile-number-changed dialog).
 */
export function ChangePhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useDone();
  const { user } = useSnapshot(session);
  const [oldCode, setOldCode] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const { busy, problem, onSubmit } = useFormSubmit();
  const current = user?.mobileNo ?? '';

  if (!current) {
    return (
      <PageLayout>
        <Notice icon="user" title={t('security.phone.noneTitle')} description={t('security.phone.noneBody')}>
          <Link to="/setPhone">{t('security.phone.toBind')}</Link>
        </Notice>
      </PageLayout>
    );
  }
  const submit = onSubmit(
    () =>
      allValid([
        [codeField, oldCode],
        [phoneField, phone],
        [codeField, code],
      ]),
    async () => {
      const changed = await verifyPhone({ newPhone: phone, code, oldCode });
      await done(changed.mobileNo);
      showToast('success', t('security.phone.changed'));
      void navigate({ to: '/security', replace: true });
    },
  );
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.note}>{t('security.phone.changeIntro')}</p>
        <InfoList rows={[{ label: t('security.phone.current'), value: current }]} />
        <CodeInput
          label={t('security.code.toOld', { phone: current })}
          send={() => sendOwnPhoneCode('changePhone')}
          value={oldCode}
          onChange={setOldCode}
          error={problem(codeField, oldCode)}
        />
        <NewNumber
          phone={phone}
          code={code}
          onPhone={setPhone}
          onCode={setCode}
          problem={problem}
          labels={{ phone: t('security.phone.newNumber'), code: t('security.code.toNew') }}
        />
        <Button type="submit" block busy={busy}>
          {t('security.phone.change')}
        </Button>
      </form>
    </PageLayout>
  );
}
