import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { isOpenTicket } from '../../contract/betting';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { showToast } from '../../stores/ui';
import { PageSkeleton } from '../../ui/Skeleton';
import { ticketQuery } from './api';
import styles from './Bets.module.css';
import { useBetPushes } from './pushes';
import type { TicketSearch } from './search';
import { LegLine, StatusBadge } from './TicketCard';

/** /history-detail?transId=… and /recordDetail?transId=…: one bet with every leg, its combos, money and times. */
export function BetDetailPage({ transId = '' }: TicketSearch) {
  const { t, i18n } = useTranslation();
  useBetPushes();
  const { data: ticket, isPending, isError } = useQuery({ ...ticketQuery(transId), enabled: transId !== '' });
  if (!transId || isError) {
    return (
      <PageLayout>
        <Notice icon="ticket" title={t('bets.notFound')} />
      </PageLayout>
    );
  }
  if (isPending || !ticket) {
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={6} />
      </PageLayout>
    );
  }
  const settled = !isOpenTicket(ticket.status);
  const copy = async () => {
    const ok = await copyText(ticket.transId);
    showToast(ok ? 'success' : 'fail', t(ok ? 'bets.copied' : 'bets.copyFailed'));
  };
  return (
    <PageLayout>
      <section className={styles.detail} data-testid="ticket-detail">
        <div className={styles.cardHead}>
          <span className={styles.cardTitle}>{t(`slip.modes.${ticket.mode}`)}</span>
          <StatusBadge status={ticket.status} />
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('bets.stake')}</dt>
            <dd>{formatCentavos(ticket.stake)}</dd>
          </div>
          <div>
            <dt>{settled ? t('bets.returned') : t('bets.toReturn')}</dt>
            <dd className={styles.payout}>{formatCentavos(ticket.payout)}</dd>
          </div>
          <div>
            <dt>{t('bets.odds')}</dt>
            <dd>{formatOdds(ticket.odds, ticket.oddsType)}</dd>
          </div>
          <div>
            <dt>{t('bets.placed')}</dt>
            <dd>{formatDateTime(ticket.createdAt, i18n.language)}</dd>
          </div>
          {ticket.settledAt && (
            <div>
              <dt>{t('bets.settledAt')}</dt>
              <dd>{formatDateTime(ticket.settledAt, i18n.language)}</dd>
            </div>
          )}
          <div>
            <dt>{t('bets.transId')}</dt>
            <dd>
              {ticket.transId}{' '}
              <button type="button" className={styles.copy} onClick={() => void copy()}>
                {t('bets.copy')}
              </button>
            </dd>
          </div>
          {ticket.reason && (
            <div>
              <dt>{t('bets.reason')}</dt>
              <dd>{ticket.reason}</dd>
            </div>
          )}
        </dl>
        {ticket.combos && ticket.combos.length > 0 && (
          <>
            <h2 className={styles.sectionTitle}>{t('bets.combos')}</h2>
            <ul className={styles.comboList}>
              {ticket.combos.map((combo) => (
                <li key={combo.comboType}>
                  <span>
                    {combo.comboType} · {t('slip.bets', { count: combo.bets })}
                  </span>
                  <span>
                    {formatCentavos(combo.stake)} {t('slip.perBet')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2 className={styles.sectionTitle}>{t('bets.legs')}</h2>
        {ticket.legs.map((leg) => (
          <LegLine key={`${leg.marketId}:${leg.key}`} leg={leg} oddsType={ticket.oddsType} odds={ticket.mode !== 'builder'} />
        ))}
      </section>
    </PageLayout>
  );
}
