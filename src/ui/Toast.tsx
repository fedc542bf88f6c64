import { useEffect } from 'react';
import styles from './Toast.module.css';

export interface ToastView {
  id: number;
  tone: 'fail' | 'success' | 'info' | 'loading';
  text: string;
  duration: number;
}

function ToastItem({ toast, onDone }: { toast: ToastView; onDone: (id: number) => void }) {
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = setTimeout(() => onDone(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDone]);
  return (
    <div className={`${styles.toast} ${styles[toast.tone]}`} role={toast.tone === 'fail' ? 'alert' : 'status'} data-tone={toast.tone}>
      {toast.tone === 'loading' && <span className={styles.spinner} aria-hidden="true" />}
      {toast.text}
    </div>
  );
}

/** Toasts of spec §8, at the top of the screen. */
export function ToastStack({ toasts, onDone }: { toasts: readonly ToastView[]; onDone: (id: number) => void }) {
  return (
    <div className={styles.stack} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDone={onDone} />
      ))}
    </div>
  );
}
