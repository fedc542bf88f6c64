import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import styles from './BetSlip.module.css';
import { betSlip } from './store';

/**
 * The bet result (spec §4): 'Betting Successful', 'Betting Processing' while a live bet waits, 'Betting
 * Still Processing' with 'Please check it on my bets page later' when it still waits after 5 checks, and
 * 'Betting Unsuccessful' with the server's message or 'OPPS!'.
 */
export function BetResultView({ onDone, onMyBets, onBack }: { onDone: () => void; onMyBets: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const { result: current } = useSnapshot(betSlip);
  if (!current) return null;
  const { status, tickets, rejected, message, checking } = current;
  const accepted = tickets.filter((ticket) => ticket.status !== 'reject');
  const toReturn = accepted.reduce((sum, ticket) => sum + ticket.payout, 0);

  if (status === 'pending') {
    return (
      <div className={styles.result} role="status" data-testid="slip-result" data-status="pending">
        <span className={styles.spinner} aria-hidden="true" />
        <h3 className={styles.resultTitle}>{t('slip.placing')}</h3>
      </div>
    );
  }

  const title =
    status === 'running'
      ? t('slip.success')
      : status === 'waiting'
        ? t(checking ? 'slip.processing' : 'slip.stillProcessing')
        : t('slip.failed');
  return (
    <div className={styles.result} role="status" data-testid="slip-result" data-status={status}>
      <span
        className={`${styles.resultIcon} ${status === 'reject' ? styles.bad : status === 'waiting' ? styles.wait : styles.good}`}
        aria-hidden="true"
      >
        {status === 'waiting' && checking ? (
          <span className={styles.spinner} />
        ) : (
          <Icon name={status === 'reject' ? 'close' : 'ticket'} size={30} />
        )}
      </span>
      <h3 className={styles.resultTitle}>{title}</h3>
      {status === 'reject' && <p className={styles.resultText}>{message || t('slip.opps')}</p>}
      {status === 'waiting' && !checking && <p className={styles.resultText}>{t('slip.checkLater')}</p>}
      {accepted.length > 0 && (
        <>
          <p className={styles.resultText}>
            {accepted.length === 1 && rejected === 0 ? t('slip.accepted') : t('slip.acceptedMany', { count: accepted.length })}
          </p>
          <ul className={styles.ticketList}>
            {accepted.map((ticket) => (
              <li key={ticket.transId} data-testid="accepted-ticket" data-trans={ticket.transId}>
                <span>{t('slip.ticket', { id: ticket.transId })}</span>
                <strong>{formatCentavos(ticket.stake)}</strong>
              </li>
            ))}
          </ul>
          <p className={styles.resultReturn}>
            {t('slip.potentialReturn')} <strong>{formatCentavos(toReturn)}</strong>
          </p>
        </>
      )}
      {rejected > 0 && accepted.length > 0 && (
        <p className={styles.resultText}>
          {t('slip.rejectedMany', { count: rejected })} {message}
        </p>
      )}
      <div className={styles.resultActions}>
        {status === 'reject' || rejected > 0 ? (
          <Button variant="secondary" block onClick={onBack}>
            {t('slip.backToSlip')}
          </Button>
        ) : (
          <Button variant="secondary" block onClick={onMyBets}>
            {t('slip.myBets')}
          </Button>
        )}
        {/* Some bets stand and some were refused: the slip keeps the refused, My Bets shows the rest. */}
        {rejected > 0 && accepted.length > 0 ? (
          <Button block onClick={onMyBets}>
            {t('slip.myBets')}
          </Button>
        ) : (
          <Button block onClick={onDone} disabled={status === 'waiting' && checking}>
            {t('slip.done')}
          </Button>
        )}
      </div>
    </div>
  );
}
