import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoundProof } from '../../contract/games';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import recordStyles from '../../ui/RecordList.module.css';
import { PageSkeleton } from '../../ui/Skeleton';
import { gameListQuery, gameRecordDetailQuery } from './api';
import { seedMatchesHash } from './rules';
import type { RoundSearch } from './search';
import styles from './Casino.module.css';

/** /gameRecordDetail?roundId=…: one round's transactions, its net, and the data to verify it. */
export function GameRecordDetailPage({ roundId }: RoundSearch) {
  const { t } = useTranslation();
  return (
    <PageLayout flush>
      {roundId ? <RoundDetail roundId={roundId} /> : <Notice icon="info" title={t('casino.records.roundNotFound')} />}
    </PageLayout>
  );
}

function RoundDetail({ roundId }: { roundId: string }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(gameRecordDetailQuery(roundId));
  const lists = useQuery(gameListQuery);
  if (isPending) return <PageSkeleton label={t('common.loading')} lines={8} />;
  if (isError || !data) {
    return (
      <Notice icon="info" title={t('casino.records.roundNotFound')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  const { round, transactions, proof } = data;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <div className={styles.detail} data-testid="round-detail">
      <div>
        <h2 className={styles.name}>{lists.data?.byId.get(round.gameId)?.gameName ?? round.gameName}</h2>
        <span className={styles.dim}>
          {round.platformCode} · {when(round.startedAt)}
        </span>
      </div>
      <dl className={styles.kv}>
        <div>
          <dt>{t('casino.records.roundId')}</dt>
          <dd className={styles.mono}>{round.roundId}</dd>
        </div>
        <div>
          <dt>{t('casino.records.bet')}</dt>
          <dd>{formatCentavos(round.bet)}</dd>
        </div>
        <div>
          <dt>{t('casino.records.win')}</dt>
          <dd>{formatCentavos(round.win)}</dd>
        </div>
        <div>
          <dt>{t('casino.records.netLabel')}</dt>
          <dd className={round.net > 0 ? recordStyles.plus : undefined} data-testid="round-net">
            {round.net > 0 ? '+' : ''}
            {formatCentavos(round.net)}
          </dd>
        </div>
        <div>
          <dt>{t('casino.records.status')}</dt>
          <dd>{t(`casino.roundStatus.${round.status}`)}</dd>
        </div>
      </dl>
      <h3 className={styles.sectionTitle}>{t('casino.records.transactions')}</h3>
      <ul className={`${recordStyles.list} ${recordStyles.flush}`}>
        {transactions.map((entry) => (
          <li key={entry.transactionId} className={recordStyles.row} data-testid="round-transaction">
            <span className={recordStyles.rowText}>
              <strong>{t(`casino.transactionKinds.${entry.kind}`)}</strong>
              <span className={`${styles.dim} ${styles.mono}`}>{entry.transactionId}</span>
              <span className={styles.dim}>{when(entry.at)}</span>
            </span>
            <span className={recordStyles.rowAmount}>{formatCentavos(entry.amount)}</span>
          </li>
        ))}
      </ul>
      <h3 className={styles.sectionTitle}>{t('casino.proof.title')}</h3>
      {proof ? <Proof proof={proof} /> : <p className={styles.note}>{t('casino.proof.unavailable')}</p>}
    </div>
  );
}

type Verdict = 'match' | 'mismatch' | 'unsupported';

/**
 * The provably-fair data: the hash shown before the round, the seed revealed after, and a check in the
 * browser that SHA-256 of the revealed seed is that hash (nothing is asked of the server).
 */
function Proof({ proof }: { proof: RoundProof }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const verify = async () => {
    if (!proof.serverSeed) return;
    try {
      setVerdict((await seedMatchesHash(proof.serverSeed, proof.serverSeedHash)) ? 'match' : 'mismatch');
    } catch {
      // WebCrypto exists only on secure pages (https, or localhost).
      setVerdict('unsupported');
    }
  };
  return (
    <>
      <dl className={`${styles.kv} ${styles.kvStack}`} data-testid="round-proof">
        <div>
          <dt>{t('casino.proof.serverSeedHash')}</dt>
          <dd className={styles.mono} data-testid="proof-hash">
            {proof.serverSeedHash}
          </dd>
        </div>
        <div>
          <dt>{t('casino.proof.serverSeed')}</dt>
          <dd className={styles.mono} data-testid="proof-seed">
            {proof.serverSeed ?? t('casino.proof.notRevealed')}
          </dd>
        </div>
        <div>
          <dt>{t('casino.proof.clientSeed')}</dt>
          <dd className={styles.mono}>{proof.clientSeed}</dd>
        </div>
        <div>
          <dt>{t('casino.proof.nonce')}</dt>
          <dd>{proof.nonce}</dd>
        </div>
        <div>
          <dt>{t('casino.proof.outcome')}</dt>
          <dd>{proof.outcome}</dd>
        </div>
      </dl>
      <Button variant="secondary" onClick={() => void verify()} disabled={!proof.serverSeed} data-testid="verify-round">
        {t('casino.proof.verify')}
      </Button>
      {!proof.serverSeed && <p className={styles.dim}>{t('casino.proof.verifyLater')}</p>}
      {verdict && (
        <p className={styles.verdict} data-match={verdict === 'match'} role="status" data-testid="proof-verdict">
          {t(`casino.proof.${verdict}`)}
        </p>
      )}
    </>
  );
}
