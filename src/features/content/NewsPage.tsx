import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../hooks/useDataSaver';
import { newsIndexQuery } from '../../api/news';
import { NEWS_CATEGORIES, type NewsCategory, type NewsSummary, newsImageUrl } from '../../contract/news';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import styles from './News.module.css';

/** The route of each category's list (spec §2: /news/<category>/:label?). */
const CATEGORY_PATH = {
  'winner-story': '/news/winner-story/{-$label}',
  'brand-story': '/news/brand-story/{-$label}',
  'panalo-news': '/news/panalo-news/{-$label}',
  'media-coverage': '/news/media-coverage/{-$label}',
} as const satisfies Record<NewsCategory, string>;

export const newsDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'cn' ? 'zh-CN' : 'en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' }).format(new Date(iso));

export const textIn = (text: { en: string; cn: string }, language: string) => (language === 'cn' ? text.cn : text.en);

function NewsList({ category, label }: { category?: NewsCategory; label?: string }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(newsIndexQuery);
  const articles = (data ?? []).filter(
    (article: NewsSummary) => (!category || article.category === category) && (!label || article.label === label),
  );
  return (
    <PageLayout flush>
      <TabBar label={t('news.categories')} variant="pills">
        <Link to="/news" className={tabStyles.tab} activeOptions={{ exact: true }}>
          {t('news.all')}
        </Link>
        {NEWS_CATEGORIES.map((c) => (
          <Link key={c} to={CATEGORY_PATH[c]} params={{ label: undefined }} className={tabStyles.tab}>
            {t(`news.category.${c}`)}
          </Link>
        ))}
      </TabBar>
      {data === undefined && !isError && <PageSkeleton label={t('common.loading')} lines={6} />}
      {isError && data === undefined && (
        <div className={styles.empty} role="status">
          <p>{t('news.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {data && articles.length === 0 && (
        <p className={styles.empty} role="status">
          {t('news.none')}
        </p>
      )}
      {articles.length > 0 && (
        <ul className={styles.list} aria-label={t('news.listLabel')}>
          {articles.map((article) => (
            <li key={article.id} data-testid="news-item">
              <NewsCard article={article} />
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}

/**
 * An article’s card: its picture, category and date, title and summary, leading to the
 * article (/detailsPage) or, from a community page, to its community page.
 */
export function NewsCard({ article, community = false }: { article: NewsSummary; community?: boolean }) {
  const { t, i18n } = useTranslation();
  // Data saver (issue 38): the list goes without its pictures; the article itself still shows its own.
  const saving = useDataSaver();
  const inside = (
    <>
      {article.image && !saving && (
        <img
          className={styles.thumb}
          src={newsImageUrl(article.image.file)}
          alt=""
          width={article.image.width}
          height={article.image.height}
          loading="lazy"
          decoding="async"
        />
      )}
      <span className={styles.meta}>
        {t(`news.category.${article.category}`)} · {newsDate(article.publishedAt, i18n.language)}
      </span>
      <span className={styles.title}>{textIn(article.title, i18n.language)}</span>
      <span className={styles.summary}>{textIn(article.summary, i18n.language)}</span>
      <span className={styles.chevron}>
        <Icon name="chevron" size={18} />
      </span>
    </>
  );
  return community ? (
    <Link to="/community/$id" params={{ id: article.id }} className={styles.item}>
      {inside}
    </Link>
  ) : (
    <Link to="/detailsPage" search={{ id: article.id }} className={styles.item}>
      {inside}
    </Link>
  );
}

/** /news and /news-update: every published article, newest first. */
export function NewsPage() {
  return <NewsList />;
}

export function WinnerStoryNews({ label }: { label?: string }) {
  return <NewsList category="winner-story" label={label} />;
}

export function BrandStoryNews({ label }: { label?: string }) {
  return <NewsList category="brand-story" label={label} />;
}

export function ProductNews({ label }: { label?: string }) {
  return <NewsList category="panalo-news" label={label} />;
}

export function MediaCoverageNews({ label }: { label?: string }) {
  return <NewsList category="media-coverage" label={label} />;
}
