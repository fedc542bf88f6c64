import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../../api/client';
import { KycIdType, OCCUPATIONS, SOURCES_OF_INCOME } from '../../../contract/kyc';
import { BARRED_CATEGORIES, type BarredCategory } from '../../../contract/responsibleGaming';
import type { City } from '../../../contract/places';
import { kycDraft } from '../../../stores/kycDraft';
import { showToast } from '../../../stores/ui';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import fieldStyles from '../../../ui/Field.module.css';
import { PageLayout } from '../../../ui/PageLayout';
import { placesQuery, recordSubmission, submitPersonalInfo, uploadSecondId } from './api';
import { PlacePicker } from './PlacePicker';
import {
  EMPTY_PERSONAL_INFO,
  type PersonalInfoField,
  type PersonalInfoValues,
  type Problems,
  checkPersonalInfo,
  latestAdultBirthday,
  missingFields,
} from './rules';
import styles from './PersonalInfo.module.css';

const ID_TYPES = Object.values(KycIdType);

function Section({ title, optional, children }: { title: string; optional?: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>
        {title}
        {optional && <span className={styles.optional}>({optional})</span>}
      </legend>
      {children}
    </fieldset>
  );
}

/** A labelled native select: the phone's own wheel or list, the lightest picker for a dozen options. */
function SelectField({
  label,
  value,
  error,
  onChange,
  options,
  placeholder,
  name,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  name: string;
}) {
  const id = useId();
  return (
    <div className={`${fieldStyles.field} ${error ? fieldStyles.invalid : ''}`}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <div className={fieldStyles.control}>
        <select
          id={id}
          name={name}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <span id={`${id}-error`} className={fieldStyles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function PhotoState({ label, taken }: { label: string; taken: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.photo}>
      <span>{label}</span>
      <span className={`${styles.photoState} ${taken ? styles.taken : styles.notTaken}`}>
        {taken ? t('kycProfile.photoTaken') : t('kycProfile.photoMissing')}
      </span>
    </div>
  );
}

/** The form's starting values: what the eKYC steps read from the ID and took (src/stores/kycDraft.ts). */
function fromDraft(): PersonalInfoValues {
  return {
    ...EMPTY_PERSONAL_INFO,
    faceId: kycDraft.faceImageKey,
    firstIdScan: kycDraft.idImageKey,
    firstIdType: kycDraft.idType ? String(kycDraft.idType) : '',
    firstIdNo: kycDraft.idNo,
    firstName: kycDraft.firstName,
    middleName: kycDraft.middleName,
    lastName: kycDraft.lastName,
    birthday: kycDraft.birthday,
  };
}

/**
 * /kyc-information: the personal-information form of spec §3 with the rules of §5, pre-filled from the
 * eKYC steps. Province and city come from the PSA's list (searchable pickers); the second ID is
 * optional and read by the vendor when uploaded. Submitting starts the verification → /KycResult.
 */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useSnapshot(kycDraft);
  const [values, setValues] = useState<PersonalInfoValues>(fromDraft);
  const [tried, setTried] = useState(false);
  /** The barred categories the player ticks (responsible gaming): none ticked declares that none applies. */
  const [barred, setBarred] = useState<BarredCategory[]>([]);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const places = useQuery(placesQuery);

  // The face and ID photos come only from the eKYC steps; a later hand-over (another tab) wins.
  const current = { ...values, faceId: draft.faceImageKey || values.faceId, firstIdScan: draft.idImageKey || values.firstIdScan };
  const missing = missingFields(current);
  const { problems } = checkPersonalInfo(current);
  const shown: Problems = tried ? problems : {};

  const set = (field: PersonalInfoField, value: string) => setValues((old) => ({ ...old, [field]: value }));
  const input = (field: PersonalInfoField) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value),
    error: message(shown[field]),
  });
  function message(problem: string | undefined): string | undefined {
    if (!problem) return undefined;
    if (problem === 'under21') return t('kycProfile.under21');
    return t(`validation.${problem}` as 'validation.required');
  }

  const cities = useMemo(() => {
    if (!places.data) return undefined;
    return values.province ? places.data.citiesOf(values.province) : places.data.cities;
  }, [places.data, values.province]);
  const provinceOf = (city: City) => (values.province ? undefined : places.data?.province(city.provinceCode)?.name);

  const idTypeNames = t('kycProfile.idTypes', { returnObjects: true });
  const occupationNames = t('kycProfile.occupations', { returnObjects: true });
  const incomeNames = t('kycProfile.sourcesOfIncome', { returnObjects: true });
  const idTypeOptions = ID_TYPES.map((type) => ({ value: String(type), label: idTypeNames[type] }));

  const onSecondIdFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const type = Number(values.secondIdType);
    if (!ID_TYPES.includes(type as KycIdType)) {
      setUploadError(t('kycProfile.chooseTypeFirst'));
      return;
    }
    setUploadError(undefined);
    setUploading(true);
    try {
      const read = await uploadSecondId(file, type as KycIdType);
      setValues((old) => ({ ...old, secondIdScan: read.imageKey, secondIdNo: old.secondIdNo || read.fields.idNo }));
    } catch (error) {
      // A refusal from the server is told by the API client; a picture the phone cannot read is told here.
      if (!(error instanceof ApiError)) setUploadError(t('kycProfile.imageUnreadable'));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const { body } = checkPersonalInfo(current);
    if (!body) {
      showToast('fail', t('kycProfile.fixErrors'));
      return;
    }
    setBusy(true);
    try {
      const answer = await submitPersonalInfo({ ...body, barredCategories: barred });
      recordSubmission(answer);
      await navigate({ to: '/KycResult' });
    } catch {
      // told by the API client
    } finally {
      setBusy(false);
    }
  };

  const photosMissing = !current.faceId || !current.firstIdScan;
  return (
    <PageLayout flush>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="kyc-information-form">
        <p className={styles.intro}>{t('kycProfile.intro')}</p>

        <Section title={t('kycProfile.sections.photos')}>
          <PhotoState label={t('kycProfile.facePhoto')} taken={Boolean(current.faceId)} />
          <PhotoState label={t('kycProfile.idPhoto')} taken={Boolean(current.firstIdScan)} />
          {photosMissing && (
            <p className={styles.photosMissing} role={tried ? 'alert' : undefined}>
              {t('kycProfile.photosMissing')} <Link to="/ekyc-zolos">{t('kycProfile.takePhotos')}</Link>
            </p>
          )}
        </Section>

        <Section title={t('kycProfile.sections.name')}>
          <TextField label={t('kycProfile.firstName')} autoComplete="given-name" maxLength={60} {...input('firstName')} />
          <TextField
            label={`${t('kycProfile.middleName')} (${t('kycProfile.optional')})`}
            autoComplete="additional-name"
            maxLength={60}
            {...input('middleName')}
          />
          <TextField
            label={`${t('kycProfile.lastName')} (${t('kycProfile.optional')})`}
            autoComplete="family-name"
            maxLength={60}
            {...input('lastName')}
          />
        </Section>

        <Section title={t('kycProfile.sections.about')}>
          <TextField
            label={t('kycProfile.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={120}
            {...input('email')}
          />
          <div
            className={`${fieldStyles.field} ${shown.gender ? fieldStyles.invalid : ''}`}
            role="radiogroup"
            aria-label={t('kycProfile.gender')}
          >
            <span className={fieldStyles.label}>{t('kycProfile.gender')}</span>
            <div className={styles.choices}>
              {(['M', 'F'] as const).map((gender) => (
                <label key={gender} className={styles.choice}>
                  <input
                    type="radio"
                    name="gender"
                    value={gender}
                    checked={values.gender === gender}
                    onChange={() => set('gender', gender)}
                  />
                  {gender === 'M' ? t('kycProfile.male') : t('kycProfile.female')}
                </label>
              ))}
            </div>
            {shown.gender && (
              <span className={fieldStyles.error} role="alert">
                {message(shown.gender)}
              </span>
            )}
          </div>
          <TextField
            label={t('kycProfile.birthday')}
            type="date"
            max={latestAdultBirthday()}
            hint={t('kycProfile.birthdayHint')}
            autoComplete="bday"
            {...input('birthday')}
          />
        </Section>

        <Section title={t('kycProfile.sections.address')}>
          <PlacePicker
            label={`${t('kycProfile.province')} (${t('kycProfile.optional')})`}
            placeholder={t('kycProfile.chooseProvince')}
            searchLabel={t('kycProfile.searchProvince')}
            places={places.data?.provinces}
            value={values.province}
            error={message(shown.province)}
            testId="province-picker"
            onChange={(province) =>
              setValues((old) => ({
                ...old,
                province: province.code,
                // A town of another province no longer fits.
                city: places.data?.validCity(old.city, province.code) ? old.city : '',
              }))
            }
          />
          <PlacePicker
            label={t('kycProfile.city')}
            placeholder={values.province ? t('kycProfile.chooseCity') : t('kycProfile.chooseProvinceFirst')}
            searchLabel={t('kycProfile.searchCity')}
            places={cities}
            value={values.city}
            error={message(shown.city)}
            detail={provinceOf}
            testId="city-picker"
            onChange={(city) => setValues((old) => ({ ...old, city: city.code, province: city.provinceCode }))}
          />
          {places.isError && (
            <p className={fieldStyles.error} role="alert">
              {t('kycProfile.placesFailed')}{' '}
              <button type="button" className={styles.linkButton} onClick={() => void places.refetch()}>
                {t('kycProfile.retry')}
              </button>
            </p>
          )}
          <TextField
            label={t('kycProfile.postalCode')}
            inputMode="numeric"
            maxLength={4}
            pattern="[0-9]*"
            autoComplete="postal-code"
            {...input('postalCode')}
          />
          <TextField
            label={`${t('kycProfile.address')} (${t('kycProfile.optional')})`}
            autoComplete="street-address"
            maxLength={160}
            {...input('address')}
          />
        </Section>

        <Section title={t('kycProfile.sections.work')}>
          <SelectField
            name="occupation"
            label={t('kycProfile.occupation')}
            placeholder={t('kycProfile.choose')}
            value={values.occupation}
            error={message(shown.occupation)}
            onChange={(value) => set('occupation', value)}
            options={OCCUPATIONS.map((value) => ({ value, label: occupationNames[value] }))}
          />
          <SelectField
            name="sourceOfIncome"
            label={t('kycProfile.sourceOfIncome')}
            placeholder={t('kycProfile.choose')}
            value={values.sourceOfIncome}
            error={message(shown.sourceOfIncome)}
            onChange={(value) => set('sourceOfIncome', value)}
            options={SOURCES_OF_INCOME.map((value) => ({ value, label: incomeNames[value] }))}
          />
        </Section>

        <Section title={t('kycProfile.sections.firstId')}>
          <SelectField
            name="firstIdType"
            label={t('kycProfile.idType')}
            placeholder={t('kycProfile.choose')}
            value={values.firstIdType}
            error={message(shown.firstIdType)}
            onChange={(value) => set('firstIdType', value)}
            options={idTypeOptions}
          />
          <TextField label={t('kycProfile.idNo')} autoComplete="off" maxLength={32} {...input('firstIdNo')} />
        </Section>

        <Section title={t('kycProfile.sections.secondId')}>
          <SelectField
            name="secondIdType"
            label={t('kycProfile.idType')}
            placeholder={t('kycProfile.none')}
            value={values.secondIdType}
            error={message(shown.secondIdType)}
            onChange={(value) => set('secondIdType', value)}
            options={idTypeOptions}
          />
          <TextField label={t('kycProfile.idNo')} autoComplete="off" maxLength={32} {...input('secondIdNo')} />
          <div className={`${fieldStyles.field} ${shown.secondIdScan || uploadError ? fieldStyles.invalid : ''}`}>
            <div className={styles.photo}>
              <span>{t('kycProfile.secondIdPhoto')}</span>
              {values.secondIdScan && <span className={`${styles.photoState} ${styles.taken}`}>{t('kycProfile.secondIdUploaded')}</span>}
              <label className={styles.upload} aria-busy={uploading || undefined}>
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  disabled={uploading}
                  onChange={(event) => void onSecondIdFile(event)}
                />
                {uploading ? t('common.loading') : values.secondIdScan ? t('kycProfile.replaceSecondId') : t('kycProfile.uploadSecondId')}
              </label>
            </div>
            {(uploadError ?? message(shown.secondIdScan)) && (
              <span className={fieldStyles.error} role="alert">
                {uploadError ?? message(shown.secondIdScan)}
              </span>
            )}
          </div>
        </Section>

        <Section title={t('kycProfile.sections.barred')}>
          <p className={fieldStyles.hint}>{t('kycProfile.barredHelp')}</p>
          {BARRED_CATEGORIES.map((category) => (
            <label key={category} className={styles.check}>
              <input
                type="checkbox"
                checked={barred.includes(category)}
                onChange={(event) =>
                  setBarred((old) => (event.target.checked ? [...old, category] : old.filter((value) => value !== category)))
                }
              />
              <span>{t(`kycProfile.barred.${category}`)}</span>
            </label>
          ))}
        </Section>

        <div className={styles.footer}>
          <p className={`${styles.count} ${missing.length > 0 ? styles.countLeft : ''}`} aria-live="polite" data-testid="missing-count">
            {missing.length > 0 ? t('kycProfile.missing', { count: missing.length }) : t('kycProfile.complete')}
          </p>
          <Button type="submit" block busy={busy} disabled={uploading}>
            {t('kycProfile.submit')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
