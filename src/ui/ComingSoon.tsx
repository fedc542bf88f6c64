import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from './Notice';
import { PageLayout } from './PageLayout';
import { useRouteMeta } from './useRouteMeta';
import buttonStyles from './Button.module.css';

function ComingSoonBody({ withHomeLink }: { withHomeLink: boolean }) {
  const { t } = useTranslation();
  const { route, title, description } = useRouteMeta();
  // Every route owner has an area name: the compiler checks the key.
  const owner = route && route.owner !== 'redirect' ? route.owner : 'site';
  const area = t(`comingSoon.areas.${owner}`);
  return (
    <Notice icon="tools" title={title} description={description} note={t('comingSoon.body', { area })}>
      {withHomeLink && (
        <Link to="/" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          {t('common.goHome')}
        </Link>
      )}
    </Notice>
  );
}

/** A page a later release builds: its title, its description, and an honest note. */
export function ComingSoonPage() {
  return (
    <PageLayout>
      <ComingSoonBody withHomeLink />
    </PageLayout>
  );
}

/** The same inside the home layout (For You, Sports), which has its own header and tabs. */
export function ComingSoonSection() {
  return <ComingSoonBody withHomeLink={false} />;
}
