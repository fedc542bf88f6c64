import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { formatDateTime } from '../../lib/dates';
import { PageSkeleton } from '../../ui/Skeleton';
import { messageQuery, unreadQuery } from './api';
import styles from './Messages.module.css';
import type { MessageSearch } from './search';

/** /MessageDetails?id=…: one message; opening it marks it read. */
export function MessageDetailsPage({ id: idText }: MessageSearch) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = Number(idText);
  const valid = idText !== undefined;
  const { data, isError } = useQuery({ ...messageQuery(id), enabled: valid });
  useEffect(() => {
    if (!data) return;
    void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: ['main', 'message/list'] });
  }, [data, queryClient]);
  if (!valid || isError) {
    return (
      <PageLayout>
        <Notice icon="chat" title={t('messages.goneTitle')} description={t('messages.goneBody')} />
      </PageLayout>
    );
  }
  if (!data) return <PageSkeleton label={t('common.loading')} />;
  return (
    <PageLayout flush>
      <article className={styles.article}>
        <h2 className={styles.articleTitle}>{data.title}</h2>
        <p className={styles.date}>{formatDateTime(data.createdAt, i18n.language)}</p>
        <p className={styles.body}>{data.body}</p>
      </article>
    </PageLayout>
  );
}
