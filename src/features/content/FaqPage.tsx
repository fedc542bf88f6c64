import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { FaqList } from './FaqList';

/** /faq: the help articles. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <PageLayout flush>
      <Suspense fallback={<PageSkeleton label={t('common.loading')} />}>
        <FaqList />
      </Suspense>
    </PageLayout>
  );
}
