import { useCanGoBack, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from './NavBar';
import styles from './PageLayout.module.css';
import { useRouteMeta } from './useRouteMeta';

/** An inner page: the top bar with back and the route's title, then the content. */
export function PageLayout({
  children,
  title,
  action,
  flush,
}: {
  children: ReactNode;
  title?: string;
  action?: ReactNode;
  flush?: boolean;
}) {
  const { t } = useTranslation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const meta = useRouteMeta();
  const onBack = () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/', replace: true });
  };
  return (
    <div className={styles.page}>
      <NavBar title={title ?? meta.title} backLabel={t('common.back')} onBack={onBack} action={action} />
      <main className={flush ? undefined : styles.body}>{children}</main>
    </div>
  );
}
