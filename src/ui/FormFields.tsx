import { type ReactNode, forwardRef } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './Field';
import styles from './FormFields.module.css';

/** A form error's message is a key of the shared validation messages (src/contract/forms.ts). */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error?.message) return undefined;
    const key = `validation.${error.message}` as 'validation.required';
    const text = t(key);
    return text === key ? error.message : text;
  };
}

/** A Philippine mobile number: '+63' in the box, a phone keyboard, 10 digits starting with 9. */
export const PhoneField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'prefix' | 'type'>>(function PhoneField(props, ref) {
  return <TextField ref={ref} type="tel" inputMode="tel" autoComplete="tel-national" prefix="+63" maxLength={16} {...props} />;
});

/** A 6-digit code with the one-time-code hint (Android and iOS offer the SMS code above the keyboard). */
export const CodeField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function CodeField(props, ref) {
  return <TextField ref={ref} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="[0-9]*" {...props} />;
});

/** A checkbox with its label as the tap target. */
export const CheckField = forwardRef<HTMLInputElement, { label: ReactNode; error?: string | undefined; name: string }>(function CheckField(
  { label, error, ...input },
  ref,
) {
  return (
    <div className={styles.check}>
      <label className={styles.checkLabel}>
        <input ref={ref} type="checkbox" className={styles.checkbox} aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
});
