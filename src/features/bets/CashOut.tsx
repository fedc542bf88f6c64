import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_LISTS_KEY, balanceQuery, ticketKey } from '../../api/queries';
import type { BetTicket } from '../../contract/betting';
import { CASHOUT_MIN_PART, type CashoutAcceptResponse, type CashoutQuote, partialAllowed } from '../../contract/cashout';
import { formatCentavos } from '../../lib/money';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { cashoutAccept, cashoutAuto, cashoutQuote } from './cashoutApi';
import styles from './Bets.module.css';

type Step = { kind: 'idle' } | { kind: 'moved'; quote: CashoutQuote; message: string } | { kind: 'said'; message: string };

/**
 * A running ticket's cash-out (issue 38): the live value (from the worker; null while paused), all of
 * it or part of the stake with the slider, and the auto threshold. Tapping asks the server for a quote
 * and accepts it; a value that moved down comes back as a new value for the player to accept, never a
 * lower payout without asking.
 */
export function CashOut({ ticket, value }: { ticket: BetTicket; value: number | null | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [part, setPart] = useState(ticket.stake);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [autoPesos, setAutoPesos] = useState('');
  const offer = ticket.cashout;
  if (ticket.status !== 'running' || !offer) return null;
  if (!offer.offered) return <p className={styles.cashNote}>{t(ticket.mode === 'builder' ? 'builder.noCashout' : 'bets.cashout.bonus')}</p>;

  const partial = partialAllowed({ legs: ticket.legs, combos: (ticket.combos ?? []).map((c) => ({ size: 0, bets: c.bets })) });
  const cashPart = Math.min(part, ticket.stake);
  const expected = value == null ? null : Math.floor((value * cashPart) / ticket.stake);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: BET_LISTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ticketKey(ticket.transId) });
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  };

  const settle = (answer: CashoutAcceptResponse) => {
    if (answer.status === 'done') {
      showToast('success', t('bets.cashout.done', { amount: formatCentavos(answer.value) }));
      setStep({ kind: 'idle' });
      setOpen(false);
      setPart(answer.remaining || ticket.stake);
      refresh();
    } else if (answer.status === 'moved') setStep({ kind: 'moved', quote: answer.quote, message: answer.message });
    else setStep({ kind: 'said', message: answer.status === 'paused' ? t('bets.cashout.paused') : answer.message });
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      setStep({ kind: 'said', message: t('bets.cashout.failed') });
    } finally {
      setBusy(false);
    }
  };

  const cashOut = () =>
    run(async () => {
      const answer = await cashoutQuote(ticket.transId, cashPart === ticket.stake ? undefined : cashPart);
      if (answer.status !== 'ok')
        return setStep({ kind: 'said', message: answer.status === 'paused' ? t('bets.cashout.paused') : answer.message });
      // The server's value is below what the player was shown: they see it and choose.
      if (expected !== null && answer.quote.value < expected) {
        return setStep({
          kind: 'moved',
          quote: answer.quote,
          message: t('bets.cashout.moved', { amount: formatCentavos(answer.quote.value) }),
        });
      }
      settle(await cashoutAccept(answer.quote.quoteId));
    });

  const acceptMoved = (quote: CashoutQuote) => run(async () => settle(await cashoutAccept(quote.quoteId)));

  const setAuto = (threshold: number | null) =>
    run(async () => {
      await cashoutAuto(ticket.transId, threshold);
      setAutoPesos('');
      refresh();
    });

  const paused = value === null;
  return (
    <div className={styles.cashout} data-testid="cashout">
      <Button
        variant="secondary"
        size="small"
        block
        disabled={paused || value === undefined}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="cashout-value"
      >
        {paused
          ? t('bets.cashout.paused')
          : value === undefined
            ? t('bets.cashout.open')
            : t('bets.cashout.value', { amount: formatCentavos(value) })}
      </Button>
      {offer.auto !== null && <p className={styles.cashNote}>{t('bets.cashout.autoOn', { amount: formatCentavos(offer.auto) })}</p>}
      {open && (
        <div className={styles.cashPanel}>
          {partial && ticket.stake >= 2 * CASHOUT_MIN_PART && (
            <label className={styles.cashField}>
              <span>{t('bets.cashout.amountLabel')}</span>
              <input
                type="range"
                min={CASHOUT_MIN_PART / 100}
                max={Math.floor(ticket.stake / 100)}
                step={1}
                value={Math.floor(cashPart / 100)}
                onChange={(e) => {
                  const pesos = Number(e.target.value);
                  setPart(pesos >= Math.floor(ticket.stake / 100) ? ticket.stake : pesos * 100);
                  setStep({ kind: 'idle' });
                }}
                data-testid="cashout-part"
              />
              <span className={styles.cashSub}>
                {t('bets.cashout.partOf', { part: formatCentavos(cashPart), stake: formatCentavos(ticket.stake) })}
              </span>
            </label>
          )}
          {step.kind === 'moved' ? (
            <>
              <p className={styles.cashMoved} role="status">
                {t('bets.cashout.moved', { amount: formatCentavos(step.quote.value) })}
              </p>
              <Button block busy={busy} onClick={() => void acceptMoved(step.quote)} data-testid="cashout-accept-new">
                {t('bets.cashout.acceptNew', { amount: formatCentavos(step.quote.value) })}
              </Button>
            </>
          ) : (
            <Button block busy={busy} disabled={expected === null} onClick={() => void cashOut()} data-testid="cashout-confirm">
              {t('bets.cashout.confirm', { amount: expected === null ? '—' : formatCentavos(expected) })}
            </Button>
          )}
          {step.kind === 'said' && (
            <p className={styles.cashNote} role="status">
              {step.message}
            </p>
          )}
          <div className={styles.cashAuto}>
            <label className={styles.cashField}>
              <span>{t('bets.cashout.autoLabel')}</span>
              <input
                type="number"
                inputMode="decimal"
                min={1}
                value={autoPesos}
                onChange={(e) => setAutoPesos(e.target.value)}
                data-testid="cashout-auto"
              />
            </label>
            <Button
              size="small"
              variant="secondary"
              disabled={busy || !(Number(autoPesos) >= 1)}
              onClick={() => void setAuto(Math.round(Number(autoPesos) * 100))}
            >
              {t('bets.cashout.autoSet')}
            </Button>
            {offer.auto !== null && (
              <Button size="small" variant="ghost" disabled={busy} onClick={() => void setAuto(null)}>
                {t('bets.cashout.autoRemove')}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
