import { Suspense, lazy } from 'react';
import type { ListMirror } from '../../realtime/mirror';
import { MatchRow } from './MatchRow';
import styles from './SportsPage.module.css';

/** A league heading or a match, in list order. */
export type RowItem = { kind: 'league'; leagueId: string; name: string } | { kind: 'match'; matchId: string };

export interface RowListProps {
  items: readonly RowItem[];
  mirror: ListMirror;
  now: number;
  /** What changes the list's place on the page (banners above it): the virtualised list measures it again. */
  layoutKey?: unknown;
}

/**
 * Up to this many rows the list is plain rows; a longer one is virtualised (VirtualRows.tsx, its own
 * chunk with @tanstack/react-virtual, ~9 KB brotli that a short list never loads: issue 14).
 */
export const PLAIN_ROWS_MAX = 30;

/**
 * The virtualiser's size estimates, also the height a long list holds while its chunk arrives: the
 * heights the rows are drawn at (a league head 36 px, a match with two-price markets 136 px, as
 * MatchRow.module.css sizes it), so rows placed by estimate are where the drawn ones were and nothing
 * moves when they are measured (issue 14, CLS).
 */
export const ESTIMATED_HEIGHT = { league: 36, match: 136 } as const;

export function itemKey(item: RowItem, index: number): string {
  return item.kind === 'league' ? `l:${item.leagueId}:${index}` : item.matchId;
}

export function RowContent({ item, mirror, now }: { item: RowItem; mirror: ListMirror; now: number }) {
  return item.kind === 'league' ? (
    <div className={styles.league}>{item.name}</div>
  ) : (
    <MatchRow mirror={mirror} matchId={item.matchId} page="sports" now={now} />
  );
}

const VirtualRows = lazy(() => import('./VirtualRows'));

/** Rows in the page's flow, each in the wrapper the virtualised list uses (same markup, static). */
function PlainRows({ items, mirror, now, height }: RowListProps & { height?: number }) {
  return (
    <div className={styles.list} style={height === undefined ? undefined : { height }} data-testid="match-list">
      {items.map((item, index) => (
        <div key={itemKey(item, index)} data-index={index} className={styles.item} style={{ position: 'static' }}>
          <RowContent item={item} mirror={mirror} now={now} />
        </div>
      ))}
    </div>
  );
}

/**
 * The sports list: plain rows when short; when long, the virtualised list, and until its chunk has
 * arrived the first rows plain in a list as tall as the virtualised one will be, so nothing jumps when
 * it takes over.
 */
export function RowList({ items, mirror, now, layoutKey }: RowListProps) {
  if (items.length <= PLAIN_ROWS_MAX) return <PlainRows items={items} mirror={mirror} now={now} />;
  const height = items.reduce((total, item) => total + ESTIMATED_HEIGHT[item.kind], 0);
  return (
    <Suspense fallback={<PlainRows items={items.slice(0, PLAIN_ROWS_MAX)} mirror={mirror} now={now} height={height} />}>
      <VirtualRows items={items} mirror={mirror} now={now} layoutKey={layoutKey} />
    </Suspense>
  );
}
