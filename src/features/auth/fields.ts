import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';

/**
 * The security forms check each field with the contract's own schema (the server applies the same), and
 * show its message key through i18n (`validation.<key>`), once the player has tried to submit.
 */
export function useProblems(checked: boolean) {
  const { t } = useTranslation();
  return (schema: z.ZodMiniType, value: unknown): string | undefined => {
    if (!checked) return undefined;
    const result = z.safeParse(schema, value);
    if (result.success) return undefined;
    const key = result.error.issues[0]?.message ?? 'invalid';
    const text = t(`validation.${key}` as 'validation.invalid');
    return text.startsWith('validation.') ? t('validation.invalid') : text;
  };
}

/** True when every value passes its schema. */
export function allValid(pairs: readonly [z.ZodMiniType, unknown][]): boolean {
  return pairs.every(([schema, value]) => z.safeParse(schema, value).success);
}

/**
 * A security form's submit: from the first try every field shows its problem; nothing is sent while
 * `valid()` is false; the button is busy while `send` runs. A refused call was already told to the
 * player by the API client (a wrong code, a taken number), so it needs nothing more here.
 */
export function useFormSubmit() {
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = useProblems(checked);
  const onSubmit = (valid: () => boolean, send: () => Promise<unknown>) => (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!valid()) return;
    setBusy(true);
    send()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return { checked, busy, problem, onSubmit };
}
