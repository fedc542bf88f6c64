import { type ReactNode, useId, useRef } from 'react';
import { Button } from './Button';
import styles from './Dialog.module.css';
import { useModal } from './useModal';

export interface DialogAction {
  label: string;
  onPress: () => void;
}

/**
 * The 'Tips' dialog of spec §8: a title, a message, a confirm button and, by default, a Customer
 * Service button in the cancel position.
 */
export function Dialog({
  title,
  message,
  confirm,
  cancel,
  onDismiss,
  children,
}: {
  title: string;
  message?: string;
  confirm: DialogAction;
  cancel?: DialogAction | null;
  /** Escape or a tap outside; without it the dialog can only be answered with its buttons. */
  onDismiss?: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModal(ref, onDismiss);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={message ? `${id}-message` : undefined}
      role="alertdialog"
    >
      <div className={styles.content}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {message && (
          <p id={`${id}-message`} className={styles.message}>
            {message}
          </p>
        )}
        {children}
      </div>
      <div className={styles.actions}>
        {cancel && (
          <Button variant="secondary" onClick={cancel.onPress}>
            {cancel.label}
          </Button>
        )}
        <Button onClick={confirm.onPress} autoFocus>
          {confirm.label}
        </Button>
      </div>
    </dialog>
  );
}
