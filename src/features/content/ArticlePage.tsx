import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { newsArticleQuery } from '../../api/news';
import { Button } from '../../ui/Button';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { newsDate, textIn } from './NewsPage';
import styles from './News.module.css';

/**
 * /detailsPage?id=…: a news article in the reader's language. Read once, it reads offline (the service
 * worker keeps its file). An unknown or withdrawn article says so and leads back to the news.
 */
export function ArticlePage({ id }: { id?: string }) {
  const { t, i18n } = useTranslation();
  const { data, error, isError, refetch } = useQuery({ ...newsArticleQuery(id ?? ''), enabled: id !== undefined });
  const missing = id === undefined || (error as { status?: number } | null)?.status === 404;
  if (missing || (isError && !data)) {
    return (
      <PageLayout>
        <div className={styles.empty} role="status">
          <p>{missing ? t('news.notFound') : t('news.loadFailed')}</p>
          {missing ? (
            <Link to="/news">{t('news.allNews')}</Link>
          ) : (
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </div>
      </PageLayout>
    );
  }
  if (!data) {
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={10} />
      </PageLayout>
    );
  }
  const title = textIn(data.title, i18n.language);
  const body = i18n.language === 'cn' ? data.body.cn : data.body.en;
  return (
    <PageLayout title={t(`news.category.${data.category}`)} flush>
      <article className={styles.article} data-testid="news-article">
        <p className={styles.meta}>
          {t(`news.category.${data.category}`)} · {newsDate(data.publishedAt, i18n.language)}
        </p>
        <h1 className={styles.heading}>{title}</h1>
        <p className={styles.lead}>{textIn(data.summary, i18n.language)}</p>
        {body.map((paragraph, index) => (
          <p key={index} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </article>
    </PageLayout>
  );
}
