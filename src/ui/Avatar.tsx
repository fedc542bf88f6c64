import styles from './Avatar.module.css';

/** The player's picture: an uploaded photo, a preset, or their initial on a coloured disc. */
export function Avatar({ src, name, size = 56 }: { src: string; name: string; size?: number }) {
  if (src) return <img className={styles.avatar} src={src} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  const initial = (name.trim()[0] ?? 'P').toUpperCase();
  return (
    <span className={`${styles.avatar} ${styles.initial}`} style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {initial}
    </span>
  );
}
