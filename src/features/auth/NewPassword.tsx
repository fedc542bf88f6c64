import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { loginPasswordField } from '../../contract/security';
import { TextField } from '../../ui/Field';

/** The new password meets the contract's rule and was typed the same twice. */
export function newPasswordValid(values: { password: string; again: string }): boolean {
  return z.safeParse(loginPasswordField, values.password).success && values.again === values.password;
}

/** A new password twice: the contract's rule, and the two the same. */
export function NewPassword({
  values,
  onChange,
  problem,
}: {
  values: { password: string; again: string };
  onChange: (values: { password: string; again: string }) => void;
  problem: (schema: typeof loginPasswordField, value: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const mismatch = problem(loginPasswordField, values.password) === undefined && values.again !== values.password;
  return (
    <>
      <TextField
        type="password"
        label={t('security.password.new')}
        autoComplete="new-password"
        hint={t('validation.password')}
        value={values.password}
        error={problem(loginPasswordField, values.password)}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
      />
      <TextField
        type="password"
        label={t('security.password.again')}
        autoComplete="new-password"
        value={values.again}
        error={problem(loginPasswordField, values.password) === undefined && mismatch ? t('security.password.mismatch') : undefined}
        onChange={(event) => onChange({ ...values, again: event.target.value })}
      />
    </>
  );
}
