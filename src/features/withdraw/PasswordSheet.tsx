import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_PASSWORD_PATTERN } from '../../contract/money';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Sheet } from '../../ui/Sheet';
import styles from './Withdraw.module.css';

/**
 * The withdrawal password, asked in a sheet over the page right before money leaves. `onSubmit` answers
 * the message to show under the field (a wrong password) or nothing when the request went through.
 */
export function PasswordSheet({
  amountText,
  destination,
  onClose,
  onSubmit,
  label = 'withdraw',
}: {
  /** The page to come back to after a reset (as /setWithdrawPwd/:label). */
  label?: string;
  amountText: string;
  destination: string;
  onClose: () => void;
  onSubmit: (password: string) => Promise<string | undefined>;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!WITHDRAW_PASSWORD_PATTERN.test(password)) {
      setError(t('withdraw.errors.passwordDigits'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const problem = await onSubmit(password);
      if (problem) {
        setError(problem);
        setPassword('');
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet title={t('withdraw.password.sheetTitle')} closeLabel={t('common.close')} onClose={onClose} testId="withdraw-password-sheet">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.sheetText}>{t('withdraw.password.sheetIntro', { destination })}</p>
        <strong className={styles.sheetAmount}>{amountText}</strong>
        <TextField
          label={t('withdraw.password.label')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          pattern="[0-9]*"
          autoFocus
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button type="submit" block busy={busy}>
          {t('withdraw.password.confirm')}
        </Button>
        <p className={styles.sheetLink}>
          <Link to="/forgetWithdrawPwd" search={{ label }} className={styles.linkButton}>
            {t('withdraw.password.forgot')}
          </Link>
        </p>
      </form>
    </Sheet>
  );
}
