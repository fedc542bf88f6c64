import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_RELATIONS, type FamilyRelation } from '../../contract/responsibleGaming';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { requestFamilyExclusion } from './api';
import styles from './ResponsibleGaming.module.css';

const FIELDS = ['requesterName', 'requesterContact', 'firstName', 'lastName', 'birthday', 'mobile', 'idNumber', 'reason'] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ['requesterName', 'requesterContact', 'firstName', 'lastName', 'birthday', 'reason'];

/**
 * The family exclusion intake (PAGCOR: a spouse, a parent or a child aged 18 or more): anyone may file it,
 * logged in or not; it goes to the restricted-persons registry, which decides it.
 */
export function FamilyExclusionForm() {
  const { t } = useTranslation();
  const [relation, setRelation] = useState<FamilyRelation>('spouse');
  const [values, setValues] = useState<Record<Field, string>>(
    Object.fromEntries(FIELDS.map((field) => [field, ''])) as Record<Field, string>,
  );
  const [missing, setMissing] = useState<Field[]>([]);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async () => {
    const empty = REQUIRED.filter((field) => values[field].trim() === '');
    setMissing(empty);
    if (empty.length) return;
    setBusy(true);
    try {
      const answer = await requestFamilyExclusion({
        relation,
        requesterName: values.requesterName.trim(),
        requesterContact: values.requesterContact.trim(),
        person: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          birthday: values.birthday,
          ...(values.mobile.trim() ? { mobile: values.mobile.trim() } : {}),
          ...(values.idNumber.trim() ? { idNumber: values.idNumber.trim() } : {}),
        },
        reason: values.reason.trim(),
      });
      setSent(answer.requestNo);
    } catch {
      // The API client said what went wrong.
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Exclude<Field, 'reason'>, type = 'text') => (
    <TextField
      label={t(`rg.family.${name}`)}
      type={type}
      value={values[name]}
      error={missing.includes(name) ? t('rg.family.required') : undefined}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
    />
  );

  return (
    <section className={styles.card} aria-labelledby="rg-family">
      <h2 id="rg-family" className={styles.cardTitle}>
        {t('rg.family.title')}
      </h2>
      <p className={styles.dim}>{t('rg.family.body')}</p>
      {sent ? (
        <p className={styles.text} role="status">
          {t('rg.family.sent', { number: sent })}
        </p>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className={styles.label}>
            {t('rg.family.relation')}
            <select className={styles.select} value={relation} onChange={(event) => setRelation(event.target.value as FamilyRelation)}>
              {FAMILY_RELATIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`rg.family.relations.${value}`)}
                </option>
              ))}
            </select>
          </label>
          {field('requesterName')}
          {field('requesterContact')}
          {field('firstName')}
          {field('lastName')}
          {field('birthday', 'date')}
          {field('mobile', 'tel')}
          {field('idNumber')}
          <label className={styles.label}>
            {t('rg.family.reason')}
            <textarea
              className={styles.textarea}
              value={values.reason}
              aria-invalid={missing.includes('reason') ? true : undefined}
              onChange={(event) => setValues({ ...values, reason: event.target.value })}
            />
            {missing.includes('reason') && <span role="alert">{t('rg.family.required')}</span>}
          </label>
          <Button type="submit" busy={busy}>
            {t('rg.family.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
