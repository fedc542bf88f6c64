import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui/PageLayout';
import { useLeafRoute } from '../../ui/useRouteMeta';
import { PageSkeleton } from '../../ui/Skeleton';
import { useDoc } from './docs';
import { LEGAL_DOCS } from './docs/types';
import { DocView } from './DocView';
import { TutorialVideo } from './TutorialVideo';

function DocContent({ slug }: { slug: (typeof LEGAL_DOCS)[keyof typeof LEGAL_DOCS] }) {
  return <DocView doc={useDoc(slug)} />;
}

/** /terms, /terms-of-use, /privacy-policy, /liscence, /tou-and-pp, /about-us, /responsibleGaming, /responsive-gaming, /voidepage (void bets), /teach (how to bet), /facebook (our Facebook page, and how to tell it from a fake one). */
export function DocPage() {
  const { t } = useTranslation();
  const route = useLeafRoute();
  const slug = LEGAL_DOCS[(route?.name ?? 'terms') as keyof typeof LEGAL_DOCS] ?? 'terms';
  return (
    <PageLayout flush>
      {slug === 'how-to-bet' && <TutorialVideo id="how-to-bet" />}
      <Suspense fallback={<PageSkeleton label={t('common.loading')} lines={10} />}>
        <DocContent slug={slug} />
      </Suspense>
    </PageLayout>
  );
}
