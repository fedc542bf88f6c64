import { type RefObject, useEffect } from 'react';

/**
 * Opens a native <dialog> as a modal (focus trapped, top layer, Escape handled by the browser) while
 * mounted, and reports Escape and taps on the backdrop as a close request.
 */
export function useModal(
  ref: RefObject<HTMLDialogElement | null>,
  onClose: (() => void) | undefined,
  options: { focusSelf?: boolean } = {},
): void {
  const { focusSelf = false } = options;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // A sheet takes the focus itself: no keyboard popping up, no focus ring on its close button.
      if (focusSelf) dialog.focus();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose?.();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onClose?.();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, [ref, onClose, focusSelf]);
}
