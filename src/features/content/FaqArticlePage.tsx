import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { useDoc } from './docs';
import { FAQ_ARTICLES, type FaqArticle } from '../../contract/faq/types';
import styles from './Doc.module.css';
import { DocView } from './DocView';
import { FaqList } from './FaqList';

function isFaqArticle(value: string): value is FaqArticle {
  return (FAQ_ARTICLES as readonly string[]).includes(value);
}

function Article({ slug }: { slug: FaqArticle }) {
  const doc = useDoc(slug);
  return (
    <PageLayout flush title={doc.title}>
      <DocView doc={doc} />
    </PageLayout>
  );
}

/** /faq/:article. An unknown article shows the list with a note rather than an empty page. */
export function FaqArticlePage({ article }: { article: string }) {
  const { t } = useTranslation();
  const skeleton = <PageSkeleton label={t('common.loading')} lines={10} />;
  if (!isFaqArticle(article)) {
    return (
      <PageLayout flush>
        <p className={styles.notice} role="status">
          {t('content.notFound')}
        </p>
        <Suspense fallback={skeleton}>
          <FaqList />
        </Suspense>
      </PageLayout>
    );
  }
  return (
    <Suspense fallback={skeleton}>
      <Article slug={article} />
    </Suspense>
  );
}
