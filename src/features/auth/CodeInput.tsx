import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cooldownSeconds } from '../../api/cooldown';
import { useCountdown } from '../../hooks/useCountdown';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/FormFields';

/**
 * "Send code" with the wait before another (the server's cooldown), and the 6-digit box. `send` answers
 * the server's answer, or undefined when it sent nothing (a field to fix first).
 */
export function CodeInput({
  label,
  send,
  value,
  onChange,
  error,
}: {
  label: string;
  send: () => Promise<{ waitSeconds: number; recipient?: string } | undefined>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const ask = async () => {
    setSending(true);
    try {
      const answer = await send();
      if (!answer) return;
      start(answer.waitSeconds);
      if (answer.recipient) showToast('info', t('security.code.sentTo', { to: answer.recipient }));
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
      <Button variant="secondary" block busy={sending} disabled={secondsLeft > 0} onClick={() => void ask()}>
        {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('security.code.send')}
      </Button>
      <CodeField
        label={label}
        placeholder={t('auth.codePlaceholder')}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    </>
  );
}
