import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';
import styles from './Dialog.module.css';
import { useModal } from './useModal';

export interface DialogAction {
  label: string;
  onPress: () => void;
}

/** How long a prompt nobody asked for takes no tap after it opens: a finger already on its way meant something else. */
export const UNASKED_SETTLE_MS = 600;

/**
 * The 'Tips' dialog of spec §8: a title, a message, a confirm button and, by default, a Customer
 * Service button in the cancel position. `unasked`: a prompt the player did not ask for (a reminder):
 * for its first moments it lets taps fall through to nothing rather than take them as an answer, and it
 * puts no focus on a button that a key already pressed could answer.
 */
export function Dialog({
  title,
  message,
  confirm,
  cancel,
  onDismiss,
  children,
  unasked = false,
  withPage = false,
}: {
  title: string;
  message?: string;
  confirm: DialogAction;
  cancel?: DialogAction | null;
  /** Escape or a tap outside; without it the dialog can only be answered with its buttons. */
  onDismiss?: () => void;
  children?: ReactNode;
  unasked?: boolean;
  /**
   * Part of the page it opens with (the deposit page's limit offer), not a prompt over a page already
   * seen: it is there with the page's first frame, without the opening pop (whose 180 ms from
   * transparent made the offer the page's largest paint, after the page itself).
   */
  withPage?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [settling, setSettling] = useState(unasked);
  useEffect(() => {
    if (!unasked) return;
    const timer = setTimeout(() => setSettling(false), UNASKED_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [unasked]);
  useModal(ref, onDismiss, { focusSelf: unasked });
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={message ? `${id}-message` : undefined}
      role="alertdialog"
      tabIndex={unasked ? -1 : undefined}
      data-settling={settling || undefined}
      data-with-page={withPage || undefined}
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
        <Button onClick={confirm.onPress} autoFocus={!unasked}>
          {confirm.label}
        </Button>
      </div>
    </dialog>
  );
}
