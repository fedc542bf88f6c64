import styles from './Skeleton.module.css';

/** A placeholder block in the shape of the content that is on its way. */
export function Skeleton({ width = '100%', height = 14, radius }: { width?: number | string; height?: number | string; radius?: number }) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** A page-shaped skeleton: a title bar and a few text lines. Announced once as loading. */
export function PageSkeleton({ label, lines = 6 }: { label: string; lines?: number }) {
  return (
    <div className={styles.lines} role="status" aria-label={label}>
      <Skeleton width="55%" height={22} />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={`${70 + ((i * 13) % 30)}%`} />
      ))}
    </div>
  );
}
