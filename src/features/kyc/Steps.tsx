import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type IdFields, idFieldsSchema, type KycIdType } from '../../contract/kyc';
import { updateKycDraft } from '../../stores/kycDraft';
import { kycFlow } from '../../stores/kycFlow';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { type SubmitResult, confirmFields, matchFace, readId } from './api';
import { Camera } from './Camera';
import styles from './Kyc.module.css';

/**
 * The steps of a vendor transaction, shared by /ekyc-zolos (all in one page) and the standalone pages
 * /TakePhotoKYC, /face-capture and /InformationConfirm. Each step sends its part and records the answer
 * in the tab's flow (src/stores/kycFlow.ts), so a reload resumes where the player was.
 */

export type Step = 'id' | 'face' | 'confirm' | 'info';
export const STEPS: readonly Step[] = ['id', 'face', 'confirm', 'info'];

/** The step a transaction is at, from what the flow holds. */
export function currentStep(flow: { idImageKey: string; faceImageKey: string; fields: unknown }): Step {
  if (!flow.idImageKey) return 'id';
  if (!flow.faceImageKey) return 'face';
  if (!flow.fields) return 'confirm';
  return 'info';
}

export function StepBar({ step }: { step: Step }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(step);
  return (
    <ol className={styles.steps}>
      {STEPS.map((name, index) => (
        <li key={name} aria-current={index === at ? 'step' : undefined} className={index < at ? styles.done : undefined}>
          {t(`kyc.steps.${name}`)}
        </li>
      ))}
    </ol>
  );
}

/** The ID photo: the vendor reads it (OCR) and the read fields wait for the player's confirmation. */
export function IdPhotoStep({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const flow = useSnapshot(kycFlow);
  const [busy, setBusy] = useState(false);
  const send = async (image: string) => {
    setBusy(true);
    try {
      const answer = await readId({ transactionId: flow.transactionId, idType: flow.docType as KycIdType, image });
      kycFlow.read = answer.fields;
      kycFlow.idImageKey = answer.imageKey;
      onDone?.();
      return true;
    } catch {
      // The client said why (not an ID, unreadable): take it again.
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="kyc-id-title">
      <h2 id="kyc-id-title" className={styles.title}>
        {t('kyc.camera.idTitle', { idType: t(`kyc.idTypes.${flow.docType}` as 'kyc.idTypes.4') })}
      </h2>
      <p className={styles.text}>{t('kyc.camera.idHint')}</p>
      <Camera kind="id" transactionId={flow.transactionId} busy={busy} onPhoto={send} />
    </section>
  );
}

/** The selfie: the vendor scores it against the ID photo (or, for a face check, against the kept one). */
export function FaceStep({ transactionId, onDone }: { transactionId: string; onDone: (imageKey: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  const send = async (image: string) => {
    setBusy(true);
    setFailed('');
    try {
      const answer = await matchFace({ transactionId, image });
      if (!answer.passed) {
        setFailed(answer.message || t('kyc.faceFailed'));
        return false;
      }
      onDone(answer.imageKey);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="kyc-face-title">
      <h2 id="kyc-face-title" className={styles.title}>
        {t('kyc.camera.faceTitle')}
      </h2>
      <p className={styles.text}>{t('kyc.camera.faceHint')}</p>
      {failed && (
        <p className={styles.warning} role="alert">
          {failed}
        </p>
      )}
      <Camera kind="face" transactionId={transactionId} busy={busy} onPhoto={send} />
    </section>
  );
}

type FieldName = 'firstName' | 'middleName' | 'lastName' | 'birthday' | 'idNo';
const MESSAGE_OF: Record<string, string> = {
  required: 'kyc.confirm.required',
  birthday: 'kyc.confirm.birthdayInvalid',
  text: 'kyc.confirm.text',
};

/**
 * The fields read from the ID, pre-filled and editable; the player confirms them (modifyEkycRequest),
 * and the server checks the ID is on no other account. The answer says where the verification stands.
 */
export function ConfirmStep({ onDone }: { onDone: (result: SubmitResult, fields: IdFields) => void }) {
  const { t } = useTranslation();
  const flow = useSnapshot(kycFlow);
  const [values, setValues] = useState<Record<FieldName, string>>(() => {
    const read = kycFlow.read;
    return {
      firstName: read.firstName ?? '',
      middleName: read.middleName ?? '',
      lastName: read.lastName ?? '',
      birthday: read.birthday ?? '',
      idNo: read.idNo ?? '',
    };
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      firstName: values.firstName,
      birthday: values.birthday,
      idNo: values.idNo,
      idType: flow.docType,
      ...(values.middleName.trim() ? { middleName: values.middleName } : {}),
      ...(values.lastName.trim() ? { lastName: values.lastName } : {}),
    };
    const parsed = idFieldsSchema.safeParse(candidate);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= t(
          (field === 'idNo' ? 'kyc.confirm.idNoInvalid' : (MESSAGE_OF[issue.message] ?? 'kyc.confirm.required')) as 'kyc.confirm.required',
        );
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await confirmFields({ transactionId: flow.transactionId, fields: parsed.data });
      kycFlow.fields = parsed.data;
      // What the personal-information form (/kyc-information) starts from.
      updateKycDraft({
        transactionId: kycFlow.transactionId,
        idImageKey: kycFlow.idImageKey,
        faceImageKey: kycFlow.faceImageKey,
        idType: parsed.data.idType,
        idNo: parsed.data.idNo,
        firstName: parsed.data.firstName,
        middleName: parsed.data.middleName ?? '',
        lastName: parsed.data.lastName ?? '',
        birthday: parsed.data.birthday,
      });
      onDone(result, parsed.data);
    } catch {
      // The client said why.
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName, type = 'text') => (
    <TextField
      label={t(`kyc.confirm.${name}`)}
      name={name}
      type={type}
      value={values[name]}
      error={errors[name]}
      autoComplete="off"
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
    />
  );
  return (
    <form className={styles.section} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="kyc-confirm-title">
      <h2 id="kyc-confirm-title" className={styles.title}>
        {t('kyc.confirm.title')}
      </h2>
      <p className={styles.text}>{t('kyc.confirm.hint')}</p>
      {field('firstName')}
      {field('middleName')}
      {field('lastName')}
      {field('birthday', 'date')}
      {field('idNo')}
      <Button type="submit" block busy={busy}>
        {t('kyc.confirm.submit')}
      </Button>
    </form>
  );
}
