import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'medium' | 'small';
  block?: boolean;
  /** Shows a spinner and ignores taps; the label stays so the button keeps its size. */
  busy?: boolean;
  /** React 19 passes a ref as a prop: it reaches the button (to give the focus back to it). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'medium', block, busy, className, children, disabled, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
