import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';

/** Shown where Panalo cannot serve the player (outside the Philippines, or a blocked network). */
export function NotWorkPage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Notice icon="globe" title={t('notWork.title')} description={t('notWork.message')} />
    </PageLayout>
  );
}
