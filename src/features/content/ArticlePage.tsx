import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { newsArticleQuery, newsIndexQuery } from '../../api/news';
import { NEWS_ID, type NewsArticle, type NewsImage, newsImageUrl } from '../../contract/news';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { NewsCard, newsDate, textIn } from './NewsPage';
import styles from './News.module.css';

/** An article's picture at its own proportions (no shift when it arrives), described for screen readers. */
export function NewsPicture({ image, language, className }: { image: NewsImage; language: string; className?: string | undefined }) {
  return (
    <img
      className={className ?? styles.picture}
      src={newsImageUrl(image.file)}
      alt={textIn(image.alt, language)}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * One article by id, in the reader's language, or what to say when it cannot be shown: an unknown or
 * withdrawn article leads back to the news; a failed load (offline, never opened) offers to try again.
 */
function WithArticle({ id, children }: { id: string | undefined; children: (article: NewsArticle) => React.ReactNode }) {
  const { t } = useTranslation();
  const valid = id !== undefined && NEWS_ID.test(id);
  const { data, error, isError, refetch } = useQuery({ ...newsArticleQuery(id ?? ''), enabled: valid });
  const missing = !valid || (error as { status?: number } | null)?.status === 404;
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
  return <>{children(data)}</>;
}

function ArticleBody({ article }: { article: NewsArticle }) {
  const { t, i18n } = useTranslation();
  const body = i18n.language === 'cn' ? article.body.cn : article.body.en;
  return (
    <>
      <p className={styles.meta}>
        {t(`news.category.${article.category}`)} · {newsDate(article.publishedAt, i18n.language)}
      </p>
      <h1 className={styles.heading}>{textIn(article.title, i18n.language)}</h1>
      <p className={styles.lead}>{textIn(article.summary, i18n.language)}</p>
      {article.image && <NewsPicture image={article.image} language={i18n.language} />}
      {body.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
    </>
  );
}

/**
 * /detailsPage?id=…: a news article in the reader's language. Read once, it reads offline (the service
 * worker keeps its file and its picture). An unknown or withdrawn article says so and leads back to the news.
 */
export function ArticlePage({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <WithArticle id={id}>
      {(article) => (
        <PageLayout title={t(`news.category.${article.category}`)} flush>
          <article className={styles.article} data-testid="news-article">
            <ArticleBody article={article} />
            <Link to="/community/$id" params={{ id: article.id }} className={styles.more}>
              {t('news.community.open')}
            </Link>
          </article>
        </PageLayout>
      )}
    </WithArticle>
  );
}

/** At most this many other stories under a community article. */
const MORE_STORIES = 3;

/**
 * /community/:id: an article as the community shares it (spec §2): the story with its picture, a share
 * button (the phone's share sheet, or the link copied: 'Copy successfully' / 'Copy failed'), and more
 * stories of its category to read next. The same operator content as /detailsPage, read offline alike.
 */
export function CommunityPage({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <WithArticle id={id}>
      {(article) => (
        <PageLayout title={t('news.community.title')} flush>
          <article className={styles.article} data-testid="community-article">
            <ArticleBody article={article} />
            <ShareButton article={article} />
          </article>
          <MoreStories article={article} />
        </PageLayout>
      )}
    </WithArticle>
  );
}

function ShareButton({ article }: { article: NewsArticle }) {
  const { t, i18n } = useTranslation();
  const share = async () => {
    const url = `${location.origin}/community/${encodeURIComponent(article.id)}`;
    const title = textIn(article.title, i18n.language);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The player closed the share sheet: nothing to say.
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    const copied = await copyText(url);
    showToast(copied ? 'success' : 'fail', copied ? t('common.copySuccess') : t('common.copyFail'));
  };
  return (
    <Button variant="secondary" onClick={() => void share()} data-testid="community-share">
      {t('news.community.share')}
    </Button>
  );
}

function MoreStories({ article }: { article: NewsArticle }) {
  const { t } = useTranslation();
  const { data } = useQuery(newsIndexQuery);
  const others = (data ?? []).filter((a) => a.id !== article.id);
  const sameKind = others.filter((a) => a.category === article.category);
  const next = [...sameKind, ...others.filter((a) => a.category !== article.category)].slice(0, MORE_STORIES);
  if (next.length === 0) return null;
  return (
    <section className={styles.moreStories} aria-labelledby="community-more">
      <h2 id="community-more" className={styles.moreHeading}>
        {t('news.community.more')}
      </h2>
      <ul className={styles.list}>
        {next.map((story) => (
          <li key={story.id} data-testid="community-more">
            <NewsCard article={story} community />
          </li>
        ))}
      </ul>
    </section>
  );
}
