import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../hooks/useDataSaver';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { gameListQuery } from './api';
import { bingoRooms } from './rules';
import styles from './Casino.module.css';

/** /bingo_gamezone: the bingo rooms of the lists (draws shared by each room's players); a room opens its game card. */
export function BingoZonePage() {
  const { t } = useTranslation();
  const saving = useDataSaver();
  const { data, isPending, isError, refetch } = useQuery(gameListQuery);
  const rooms = data ? bingoRooms(data.games) : [];
  return (
    <PageLayout flush>
      {isPending ? (
        <PageSkeleton label={t('common.loading')} lines={6} />
      ) : isError ? (
        <Notice icon="wifiOff" title={t('casino.listUnavailable')} role="alert">
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Notice>
      ) : rooms.length === 0 ? (
        <Notice icon="play" title={t('casino.noBingoRooms')} />
      ) : (
        <ul className={styles.rooms} data-testid="bingo-rooms">
          {rooms.map((room) => (
            <li key={room.gameId}>
              <Link to="/game" search={{ gameId: String(room.gameId) }} className={styles.room} data-testid="bingo-room">
                {/* Data saver (issue 38): a light placeholder instead of the room's picture. */}
                {saving ? (
                  <span className={styles.roomThumb} aria-hidden="true" data-testid="thumb-saved" />
                ) : (
                  <img className={styles.roomThumb} src={room.thumbnail} alt="" loading="lazy" />
                )}
                <strong>{room.gameName}</strong>
                <span className={styles.dim}>{t('casino.cardFrom', { amount: formatCentavos(room.minBet) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
