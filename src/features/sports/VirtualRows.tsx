import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { ESTIMATED_HEIGHT, RowContent, type RowListProps, itemKey } from './RowList';
import styles from './SportsPage.module.css';

/**
 * A long sports list: only the rows on screen (and a few around) exist, so thousands of matches cost
 * what a screenful costs. Loaded by RowList.tsx only for lists longer than PLAIN_ROWS_MAX.
 */
export default function VirtualRows({ items, mirror, now, layoutKey }: RowListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(listRef.current?.offsetTop ?? 0);
  }, [layoutKey]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => ESTIMATED_HEIGHT[items[index]?.kind ?? 'match'],
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (index) => {
      const item = items[index];
      return item ? itemKey(item, index) : index;
    },
  });
  return (
    <div ref={listRef} className={styles.list} style={{ height: virtualizer.getTotalSize() }} data-testid="match-list">
      {virtualizer.getVirtualItems().map((virtual) => {
        const item = items[virtual.index];
        if (!item) return null;
        return (
          <div
            key={virtual.key}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            className={styles.item}
            style={{ transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)` }}
          >
            <RowContent item={item} mirror={mirror} now={now} />
          </div>
        );
      })}
    </div>
  );
}
