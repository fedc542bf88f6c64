import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../ui/Skeleton';

/** Shown while a page's chunk or data is on its way (after 150 ms, so fast loads never flash it). */
export function PageSkeletonFallback() {
  const { t } = useTranslation();
  return <PageSkeleton label={t('common.loading')} />;
}
