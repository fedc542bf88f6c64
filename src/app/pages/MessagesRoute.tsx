import { useInfiniteQuery } from '@tanstack/react-query';
import { MessagesPage } from '../../features/messages/MessagesPage';
import { conversationsQuery } from '../../features/support/api';
import { SupportConversationList } from '../../features/support/SupportConversationList';

/**
 * /messages with the player's customer-service conversations (features/support) as its third tab:
 * features do not import each other, so the app composes them here.
 */
export function MessagesRoute() {
  const { data } = useInfiniteQuery(conversationsQuery);
  const unread = data?.pages.flatMap((page) => page.list).reduce((sum, conversation) => sum + conversation.unread, 0) ?? 0;
  return <MessagesPage support={<SupportConversationList />} supportUnread={unread} />;
}
