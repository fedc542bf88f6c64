import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { PageSkeleton } from '../../ui/Skeleton';
import { tabStyles, useTabs } from '../../ui/Tabs';
import { type MessageType, markAllRead, messagesQuery, unreadQuery } from './api';
import styles from './Messages.module.css';

type Tab = MessageType | 'support';

/**
 * /messages: the inbox (type 1) and notices (type 2), with unread counts and mark-all-read, and the
 * player's customer-service conversations (`support`, composed in by src/app/pages/MessagesRoute.tsx).
 */
export function MessagesPage({ support, supportUnread = 0 }: { support?: ReactNode; supportUnread?: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>(1);
  const type: MessageType = tab === 'support' ? 1 : tab;
  const { data: unread } = useQuery(unreadQuery);
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    ...messagesQuery(type),
    enabled: tab !== 'support',
  });
  const messages = data?.pages.flatMap((page) => page.list) ?? [];
  const unreadHere = tab === 'support' ? 0 : type === 1 ? (unread?.unreadInbox ?? 0) : (unread?.unreadNotice ?? 0);

  const markRead = async () => {
    const counts = await markAllRead(type).catch(() => undefined);
    if (!counts) return;
    queryClient.setQueryData(unreadQuery.queryKey, counts);
    await queryClient.invalidateQueries({ queryKey: ['main', 'message/list'] });
  };

  const tabs = useTabs<Tab>(support ? [1, 2, 'support'] : [1, 2], tab, setTab);
  const tabButton = (value: Tab, label: string, count: number) => (
    <button {...tabs.tab(value)} className={tabStyles.tab}>
      {label}
      {count > 0 && <span className={styles.count}>{count}</span>}
    </button>
  );

  return (
    <PageLayout
      flush
      action={
        unreadHere > 0 ? (
          <Button variant="ghost" size="small" onClick={() => void markRead()}>
            {t('messages.readAll')}
          </Button>
        ) : undefined
      }
    >
      <div {...tabs.tabList(t('messages.tabs'))} className={`${tabStyles.tabs} ${styles.tabs}`}>
        {tabButton(1, t('messages.inbox'), unread?.unreadInbox ?? 0)}
        {tabButton(2, t('messages.notices'), unread?.unreadNotice ?? 0)}
        {support && tabButton('support', t('messages.support'), supportUnread)}
      </div>
      <div {...tabs.panel()}>
        {tab === 'support' ? (
          support
        ) : isPending ? (
          <PageSkeleton label={t('common.loading')} />
        ) : messages.length === 0 ? (
          <Notice icon="chat" title={t('messages.emptyTitle')} description={t('messages.emptyBody')} />
        ) : (
          <ul className={styles.list}>
            {messages.map((message) => (
              <li key={message.id}>
                <Link to="/MessageDetails" search={{ id: String(message.id) }} className={styles.item}>
                  {!message.read && <span className={styles.dot} role="img" aria-label={t('messages.unread')} />}
                  <span className={styles.text}>
                    <span className={styles.title}>{message.title}</span>
                    <span className={styles.summary}>{message.summary}</span>
                    <span className={styles.date}>{formatDateTime(message.createdAt, i18n.language)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {tab !== 'support' && hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" block busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {t('common.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </PageLayout>
  );
}
