import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SupportConversation } from '../../contract/support';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageSkeleton } from '../../ui/Skeleton';
import { conversationsQuery } from './api';
import styles from './Support.module.css';

const STATUS_KEY = { open: 'statusOpen', assigned: 'statusAssigned', closed: 'statusClosed' } as const;

/** The player's support conversations, newest first (the Customer Service tab of /messages). */
export function SupportConversationList() {
  const { t, i18n } = useTranslation();
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(conversationsQuery);
  const list = data?.pages.flatMap((page) => page.list) ?? [];
  if (isPending) return <PageSkeleton label={t('common.loading')} />;
  if (list.length === 0) {
    return (
      <Notice icon="chat" title={t('support.list.empty')} description={t('support.list.emptyBody')}>
        <Link to="/live-support" search={{ from: 'Notifications' }} className={styles.restartLink}>
          {t('support.list.start')}
        </Link>
      </Notice>
    );
  }
  return (
    <>
      <ul className={styles.conversations} data-testid="support-conversations">
        {list.map((conversation) => (
          <li key={conversation.id}>
            <Link
              to="/live-support"
              search={{ conversationId: conversation.id }}
              className={styles.conversation}
              data-testid="support-conversation"
            >
              <span className={styles.conversationText}>
                <span className={styles.conversationTitle}>
                  {conversation.topic ? t(`support.about.${conversation.topic}`, { reference: '' }) : t('support.list.title')}
                  <span className={`${styles.badge} ${styles[`badge_${conversation.status}`]}`}>
                    {t(`support.list.${STATUS_KEY[conversation.status]}`)}
                  </span>
                </span>
                <span className={styles.conversationLast}>
                  <Preview conversation={conversation} />
                </span>
                {conversation.lastMessage && (
                  <span className={styles.conversationDate}>{formatDateTime(conversation.lastMessage.createdAt, i18n.language)}</span>
                )}
              </span>
              {conversation.unread > 0 && <span className={styles.unread}>{t('support.list.unread', { count: conversation.unread })}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <div className={styles.moreConversations}>
          <Button variant="secondary" block busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('common.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

function Preview({ conversation }: { conversation: SupportConversation }) {
  const { t } = useTranslation();
  const last = conversation.lastMessage;
  if (!last) return null;
  const text = last.text === '📷' ? t('support.list.picture') : last.text;
  return last.author === 'player' ? `${t('support.you')}: ${text}` : text;
}
