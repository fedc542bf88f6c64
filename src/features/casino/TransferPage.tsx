import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { uuid } from '../../lib/ids';
import { formatCentavos, parsePesos } from '../../lib/money';
import { pay } from '../../stores/pay';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import presetStyles from '../../ui/AmountPresets.module.css';
import { type Transfer, gameQuery, transferBalanceQuery, transferIn, transferOut } from './api';
import { transferPresets } from './rules';
import { type TransferSearch, gameIdOf } from './search';
import styles from './Casino.module.css';

type Direction = 'in' | 'out';

/**
 * /InGameTransfer?platformCode=…&gameId=…: a transfer-wallet platform holds its own balance, so money
 * goes in before play and comes back after. Each transfer carries an idempotency key kept until it
 * ends, so a repeated tap or a retry after a pending answer is the same transfer.
 */
export function TransferPage({ platformCode, gameId, refreshBalance }: TransferSearch & { refreshBalance?: () => void }) {
  const { t } = useTranslation();
  if (!platformCode) {
    return (
      <PageLayout>
        <Notice icon="info" title={t('casino.unknownPlatform')} role="alert" />
      </PageLayout>
    );
  }
  return <Transfers platformCode={platformCode} gameId={gameIdOf(gameId)} refreshBalance={refreshBalance} />;
}

function Transfers({
  platformCode,
  gameId,
  refreshBalance,
}: {
  platformCode: string;
  gameId: number | undefined;
  refreshBalance: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { balance } = useSnapshot(pay);
  const platformBalance = useQuery(transferBalanceQuery(platformCode));
  const game = useQuery({ ...gameQuery(gameId ?? 0), enabled: gameId !== undefined });
  const [amountText, setAmountText] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState<Direction | null>(null);
  // One key per transfer the player means: kept while it is pending, renewed once it ended.
  const [keys, setKeys] = useState<Record<Direction, string>>(() => ({ in: uuid(), out: uuid() }));
  const [last, setLast] = useState<(Transfer & { direction: Direction }) | null>(null);

  useEffect(() => {
    refreshBalance?.();
  }, [refreshBalance]);

  const amount = parsePesos(amountText);
  const amountProblem = amount === undefined || amount <= 0 ? 'invalid' : balance !== null && amount > balance ? 'tooMuch' : undefined;

  const send = async (direction: Direction) => {
    if (direction === 'in') {
      setTried(true);
      if (amountProblem || amount === undefined) return;
    }
    setBusy(direction);
    try {
      const answer = direction === 'in' ? await transferIn(platformCode, amount!, keys.in) : await transferOut(platformCode, 0, keys.out);
      setLast({ ...answer, direction });
      if (answer.status !== 'pending') {
        setKeys((current) => ({ ...current, [direction]: uuid() }));
        if (direction === 'in' && answer.status === 'done') {
          setAmountText('');
          setTried(false);
        }
      }
      if (answer.transferBalance !== null)
        queryClient.setQueryData(transferBalanceQuery(platformCode).queryKey, { platformCode, transferBalance: answer.transferBalance });
      else void platformBalance.refetch();
      refreshBalance?.();
    } catch {
      // The API client told the player (GW_800484: nothing moved). A new tap is a new transfer.
      setKeys((current) => ({ ...current, [direction]: uuid() }));
    } finally {
      setBusy(null);
    }
  };

  const pending = last?.status === 'pending' ? last : null;
  const gameName = game.data?.game?.gameName;

  return (
    <PageLayout flush>
      <div className={styles.card} data-testid="transfer-page">
        {gameName && <h2 className={styles.name}>{gameName}</h2>}
        <div className={styles.balances}>
          <div className={styles.balance}>
            <span className={styles.dim}>{t('casino.mainBalance')}</span>
            <span className={styles.balanceAmount} data-testid="main-balance">
              {balance === null ? '₱ —' : formatCentavos(balance)}
            </span>
          </div>
          <div className={styles.balance}>
            <span className={styles.dim}>{t('casino.platformBalance', { platform: game.data?.platform?.name ?? platformCode })}</span>
            <span className={styles.balanceAmount} data-testid="platform-balance">
              {platformBalance.data
                ? formatCentavos(platformBalance.data.transferBalance)
                : platformBalance.isError
                  ? t('casino.unknownAmount')
                  : '₱ —'}
            </span>
          </div>
        </div>
        <label className={styles.label}>
          {t('casino.transferAmount')}
          <input
            className={styles.input}
            inputMode="decimal"
            value={amountText}
            placeholder="0.00"
            onChange={(event) => setAmountText(event.target.value)}
            aria-invalid={tried && amountProblem !== undefined}
          />
        </label>
        <div className={styles.presets}>
          {transferPresets(balance).map((preset) => (
            <button
              key={preset}
              type="button"
              className={presetStyles.preset}
              aria-pressed={amount === preset}
              onClick={() => setAmountText(String(preset / 100))}
            >
              {formatCentavos(preset).replace('.00', '')}
            </button>
          ))}
        </div>
        {tried && amountProblem && (
          <p className={styles.error} role="alert">
            {t(`casino.transferProblems.${amountProblem}`)}
          </p>
        )}
        {pending && (
          <p className={styles.note} role="status" data-testid="transfer-pending">
            {t('casino.transferPending', { amount: formatCentavos(pending.amount) })}
          </p>
        )}
        {last && last.status === 'done' && (
          <p className={styles.dim} role="status" data-testid="transfer-done">
            {t(last.direction === 'in' ? 'casino.transferredIn' : 'casino.transferredOut', { amount: formatCentavos(last.amount) })}
          </p>
        )}
        {last && last.status === 'failed' && (
          <p className={styles.error} role="alert">
            {t('casino.transferFailed')}
          </p>
        )}
        <div className={styles.actions}>
          <Button block busy={busy === 'in'} disabled={busy !== null} onClick={() => void send('in')} data-testid="transfer-in">
            {pending?.direction === 'in' ? t('casino.checkAgain') : t('casino.transferIn')}
          </Button>
          <Button block variant="secondary" busy={busy === 'out'} disabled={busy !== null} onClick={() => void send('out')}>
            {pending?.direction === 'out' ? t('casino.checkAgain') : t('casino.transferAllBack')}
          </Button>
          {gameId !== undefined && (
            <Button
              block
              variant="ghost"
              disabled={busy !== null || pending !== null}
              onClick={() => void navigate({ to: '/ingame', search: { gameId: String(gameId), via: 'transfer' } })}
              data-testid="start-game"
            >
              {t('casino.startGame')}
            </Button>
          )}
        </div>
      </div>
    </PageLayout>
  );
}
