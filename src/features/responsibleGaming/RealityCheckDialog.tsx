import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../lib/money';
import { Dialog } from '../../ui/Dialog';

/** Minutes or hours and minutes, as the reminder says them ('1 h 05 min', '12 min'). */
export function playedText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

/**
 * The reality check (issue 34): time played and the net result since login. The server takes no next
 * bet or round until it is acknowledged (Continue); Take a break leads to the breaks.
 */
export function RealityCheckDialog({
  playedMs,
  net,
  onContinue,
  onStop,
}: {
  playedMs: number;
  net: number;
  onContinue: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('rg.dialog.realityTitle')}
      message={t('rg.dialog.realityMessage', { played: playedText(playedMs), net: `${net > 0 ? '+' : ''}${formatCentavos(net)}` })}
      confirm={{ label: t('rg.dialog.realityContinue'), onPress: onContinue }}
      cancel={{ label: t('rg.dialog.realityStop'), onPress: onStop }}
    />
  );
}
