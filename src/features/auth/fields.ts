import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';

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
