import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../lib/money';
import { Dialog } from '../../ui/Dialog';
import type { PlaySummary } from './api';
import { formatPlayed } from './rules';

/** The anti-addiction reminder (spec §3): how long this category has been played and the net result, then Continue or Leave game. */
export function AntiAddictionDialog({
  summary,
  elapsedMs,
  onContinue,
  onLeave,
}: {
  /** null when the summary could not be fetched: the time in this game is still told. */
  summary: PlaySummary | null;
  elapsedMs: number;
  onContinue: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const played = formatPlayed(summary ? Math.max(summary.playedMs, elapsedMs) : elapsedMs);
  const message = summary
    ? t('casino.reminder.message', { played, net: `${summary.net > 0 ? '+' : ''}${formatCentavos(summary.net)}` })
    : t('casino.reminder.messageNoNet', { played });
  return (
    <Dialog
      title={t('casino.reminder.title')}
      message={message}
      confirm={{ label: t('casino.reminder.continue'), onPress: onContinue }}
      cancel={{ label: t('casino.reminder.leave'), onPress: onLeave }}
    />
  );
}
