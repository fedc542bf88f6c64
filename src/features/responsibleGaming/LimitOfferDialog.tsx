import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RG_MONEY_LIMIT_MAX, RG_MONEY_LIMIT_MIN } from '../../contract/responsibleGaming';
import { parsePesos } from '../../lib/money';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { type RgStatus, answerLimitOffer } from './api';

/**
 * The deposit-limit offer, made once after registration and once before the first deposit (UKGC RTS 12,
 * AGCO 2.23): a daily limit typed in pesos, or Not now. Either answer is remembered by the server.
 */
export function LimitOfferDialog({
  stage,
  onDone,
  withPage = false,
}: {
  stage: 'registration' | 'firstDeposit';
  onDone: (status: RgStatus | null) => void;
  /** Opened with the page (the deposit page's offer): no opening pop (src/ui/Dialog). */
  withPage?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = async (depositDay: number | null) => {
    try {
      onDone(await answerLimitOffer(stage, depositDay));
    } catch {
      onDone(null);
    }
  };
  const set = () => {
    const centavos = parsePesos(typed);
    if (centavos === undefined || centavos < RG_MONEY_LIMIT_MIN || centavos > RG_MONEY_LIMIT_MAX) return setError(t('rg.amountInvalid'));
    void answer(centavos);
  };
  return (
    <Dialog
      withPage={withPage}
      title={t('rg.dialog.offerTitle')}
      message={t('rg.dialog.offerBody')}
      confirm={{ label: t('rg.dialog.offerSet'), onPress: set }}
      cancel={{ label: t('rg.dialog.offerSkip'), onPress: () => void answer(null) }}
    >
      <TextField
        label={t('rg.dialog.offerAmount')}
        inputMode="decimal"
        prefix="₱"
        value={typed}
        error={error}
        onChange={(event) => setTyped(event.target.value)}
        data-testid="rg-offer-amount"
      />
    </Dialog>
  );
}
