import { Link } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TEXT_MAX, type SupportConversation, type SupportMessage } from '../../contract/support';
import { useOnline } from '../../hooks/useOnline';
import { manilaTime } from '../../lib/dates';
import { resizeImage } from '../../lib/image';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { Picture } from './Picture';
import { RatingPanel } from './RatingPanel';
import { type SupportSearch, chatContextOf } from './search';
import styles from './Support.module.css';
import { type ChatLine, useSupportChat, useTypingSignal } from './useSupportChat';

/** Shown by the masked middle, as the agent sees it: the player knows which one. */
const shortReference = (reference: string) => (reference.length > 12 ? `…${reference.slice(-8)}` : reference);

/**
 * /live-support and /ocssLdpage (spec §2): the customer-support chat. Opened from the floating entry,
 * a dialog's Customer Service button (with what it was about) or `?method=cs`; or one of the player's
 * conversations from /messages. Messages go through the realtime worker (kept on the device until the
 * server has them, so nothing written offline is lost); answers, receipts and typing arrive live.
 */
export function SupportChatPage({ from, about, orderNo, transId, conversationId, routeName }: SupportSearch & { routeName?: string }) {
  const { t } = useTranslation();
  const context = useMemo(
    () => chatContextOf({ from, about, orderNo, transId }, routeName ?? 'live-support'),
    [from, about, orderNo, transId, routeName],
  );
  const chat = useSupportChat({ context, conversationId });
  const online = useOnline();
  const topic = about ?? chat.conversation?.topic;
  const reference = about === 'bet' ? transId : orderNo;

  if (chat.query.isPending) {
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={5} />
      </PageLayout>
    );
  }
  if (chat.query.isError && !chat.query.data) {
    return (
      <PageLayout>
        <Notice icon="wifiOff" title={t('support.loadFailed')} role="alert">
          <Button onClick={() => void chat.query.refetch()}>{t('common.retry')}</Button>
        </Notice>
      </PageLayout>
    );
  }
  const closed = chat.conversation?.status === 'closed';
  const fixedHistory = Boolean(conversationId) && closed;
  return (
    <PageLayout flush>
      <div className={styles.chat} data-testid="support-chat" data-status={chat.conversation?.status ?? 'new'}>
        <header className={styles.head}>
          <p className={styles.status} role="status" data-testid="support-status">
            <StatusText conversation={chat.conversation} />
          </p>
          {topic && (
            <p className={styles.topic} data-testid="support-topic">
              {t(`support.about.${topic}`, { reference: reference ? shortReference(reference) : '' })}
            </p>
          )}
          {chat.hours && !chat.hours.open && (
            <p className={styles.hours}>{t('support.hoursClosed', { from: chat.hours.from, to: chat.hours.to })}</p>
          )}
          {!online && (
            <p className={styles.offline} data-testid="support-offline">
              {t('support.offline')}
            </p>
          )}
        </header>
        <MessageList lines={chat.lines} more={chat.more} loadOlder={chat.loadOlder} retry={chat.retry} discard={chat.discard} />
        {chat.agentTyping && (
          <p className={styles.typing} aria-live="polite" data-testid="support-typing">
            {chat.agentTyping.name ? t('support.typing', { name: chat.agentTyping.name }) : t('support.typingNoName')}
          </p>
        )}
        {closed && chat.conversation && !chat.conversation.rating && <RatingPanel conversationId={chat.conversation.id} />}
        {closed && chat.conversation?.rating && (
          <p className={styles.rated} role="status">
            {t('support.rating.thanks', { score: chat.conversation.rating.score })}
          </p>
        )}
        {fixedHistory ? (
          <div className={styles.restart}>
            <Link to="/live-support" className={styles.restartLink}>
              {t('support.newConversation')}
            </Link>
          </div>
        ) : (
          <Composer send={chat.send} />
        )}
      </div>
    </PageLayout>
  );
}

function StatusText({ conversation }: { conversation: SupportConversation | null }) {
  const { t } = useTranslation();
  if (!conversation) return t('support.status.new');
  if (conversation.status === 'closed') return t('support.status.closed');
  if (conversation.status === 'assigned') {
    return conversation.agentName ? t('support.status.assigned', { name: conversation.agentName }) : t('support.status.assignedNoName');
  }
  return t('support.status.open');
}

function MessageList({
  lines,
  more,
  loadOlder,
  retry,
  discard,
}: {
  lines: ChatLine[];
  more: boolean;
  loadOlder: () => Promise<void>;
  retry: (clientMessageId: string) => void;
  discard: (clientMessageId: string) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const [loading, setLoading] = useState(false);
  const last = lines.at(-1);
  const lastKey = last ? (last.kind === 'message' ? `m${last.message.id}` : `p${last.item.clientMessageId}`) : '';
  // A new line at the bottom scrolls into view (older ones loaded above do not move the reader).
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastKey]);
  return (
    <div className={styles.scroll}>
      {more && (
        <Button
          variant="ghost"
          size="small"
          busy={loading}
          onClick={() => {
            setLoading(true);
            void loadOlder().finally(() => setLoading(false));
          }}
        >
          {t('support.older')}
        </Button>
      )}
      <ol ref={listRef} className={styles.lines} aria-label={t('support.region')} aria-live="polite" data-testid="support-lines">
        {lines.map((line) =>
          line.kind === 'message' ? (
            <MessageLine key={`m${line.message.id}`} message={line.message} />
          ) : (
            <li
              key={`p${line.item.clientMessageId}`}
              className={`${styles.line} ${styles.mine}`}
              data-testid="support-line"
              data-author="player"
              data-state={line.item.state}
            >
              {line.item.text && <p className={styles.text}>{line.item.text}</p>}
              {line.item.image && <Picture dataUrl={line.item.image} alt={t('support.picture')} />}
              <span className={styles.meta}>
                {line.item.state === 'failed' ? (
                  <>
                    <span className={styles.failed} role="alert">
                      {t('support.failed', { error: line.item.error ?? '' })}
                    </span>
                    <button type="button" className={styles.linkButton} onClick={() => retry(line.item.clientMessageId)}>
                      {t('support.sendAgain')}
                    </button>
                    <button type="button" className={styles.linkButton} onClick={() => discard(line.item.clientMessageId)}>
                      {t('support.remove')}
                    </button>
                  </>
                ) : (
                  <span data-testid="support-receipt" data-receipt={line.item.state}>
                    <Icon name="clock" size={14} /> {t(`support.receipts.${line.item.state}`)}
                  </span>
                )}
              </span>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

function MessageLine({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.author === 'player';
  const who = mine ? t('support.you') : message.author === 'agent' ? (message.agentName ?? t('support.agent')) : t('support.system');
  return (
    <li
      className={`${styles.line} ${mine ? styles.mine : message.author === 'system' ? styles.system : styles.theirs}`}
      data-testid="support-line"
      data-author={message.author}
      data-id={message.id}
    >
      {!mine && <span className={styles.author}>{who}</span>}
      {message.text && <p className={styles.text}>{message.text}</p>}
      {message.image && (
        <Picture
          imageKey={message.image.key}
          width={message.image.width}
          height={message.image.height}
          alt={mine ? t('support.picture') : t('support.agentPicture')}
        />
      )}
      {message.articles && (
        <nav aria-label={t('support.articles')}>
          <ul className={styles.articles}>
            {message.articles.map((article) => (
              <li key={article.slug}>
                <Link to="/faq/$article" params={{ article: article.slug }} className={styles.article}>
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <span className={styles.meta}>
        <time dateTime={message.createdAt}>{manilaTime(new Date(message.createdAt))}</time>
        {mine && message.receipt && (
          <span data-testid="support-receipt" data-receipt={message.receipt}>
            <Icon name={message.receipt === 'sent' ? 'check' : 'checks'} size={14} /> {t(`support.receipts.${message.receipt}`)}
          </span>
        )}
      </span>
    </li>
  );
}

/** The box at the bottom: text (Enter sends, Shift+Enter breaks the line) and a picture fitted to 750 px before it leaves the phone. */
function Composer({ send }: { send: (text: string, image?: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const typing = useTypingSignal();
  const tooLong = text.length > SUPPORT_TEXT_MAX;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const line = text.trim();
    if (!line || tooLong || sending) return;
    setSending(true);
    try {
      await send(line);
      setText('');
    } finally {
      setSending(false);
    }
  };

  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await send('', await resizeImage(file));
    } catch {
      showToast('fail', t('support.pictureFailed'));
    }
  };

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      <input ref={fileRef} type="file" accept="image/*" hidden onChange={(event) => void attach(event)} data-testid="support-file" />
      <button type="button" className={styles.iconButton} aria-label={t('support.attach')} onClick={() => fileRef.current?.click()}>
        <Icon name="image" />
      </button>
      <label className={styles.field}>
        <span className={styles.visuallyHidden}>{t('support.message')}</span>
        <textarea
          className={styles.input}
          rows={1}
          value={text}
          placeholder={t('support.placeholder')}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? 'support-too-long' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            typing();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
        />
      </label>
      <button
        type="submit"
        className={`${styles.iconButton} ${styles.sendButton}`}
        aria-label={t('support.send')}
        disabled={!text.trim() || tooLong}
      >
        <Icon name="send" />
      </button>
      {tooLong && (
        <p id="support-too-long" className={styles.failed} role="alert">
          {t('support.tooLong', { max: SUPPORT_TEXT_MAX })}
        </p>
      )}
    </form>
  );
}

/** /ocssLdpage: the online customer-service landing page (`?method=cs`, spec §2) is the same chat. */
export function OcssLandingPage(props: SupportSearch) {
  return <SupportChatPage {...props} routeName="ocssLdpage" />;
}
