import { type ReactNode, useId, useRef } from 'react';
import { Icon } from './Icon';
import styles from './Sheet.module.css';
import { useModal } from './useModal';

/**
 * A bottom sheet: the one-hand way to show a form or a list over the page. `footer` stays at the bottom
 * edge under the scrolling body (a form's stake and its action), never covering what scrolls.
 */
export function Sheet({
  title,
  closeLabel,
  onClose,
  children,
  footer,
  testId,
}: {
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref, onClose, { focusSelf: true });
  const titleId = useId();
  return (
    <dialog ref={ref} className={styles.sheet} aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
      <div className={styles.grip} aria-hidden="true" />
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" />
        </button>
      </div>
      <div className={`${styles.body} ${footer ? styles.withFooter : ''}`}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}
