import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMIT, normalizeChatLine } from '../../contract/chat';
import type { ChatMessage } from '../../contract/feed';
import { manilaTime } from '../../lib/dates';
import { sendChat, useChatStream } from '../../realtime/hooks';
import { openLogin, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { chatRecordsQuery } from './api';
import styles from './LiveMatch.module.css';
import { useLoggedIn } from '../../hooks/useLoggedIn';

/** Lines kept on screen; older ones scroll away for good. */
const KEEP = 200;

/**
 * The match chat: the last lines from chat records, then live lines over STOMP (the shared worker's
 * socket). Writing needs a login; a line is 1 to 200 characters and at most 5 in 10 seconds, checked
 * here so nothing a player types disappears without a message.
 */
export function ChatTab({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const { data, isPending } = useQuery(chatRecordsQuery(matchId));
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const sent = useRef<number[]>([]);
  const listRef = useRef<HTMLOListElement>(null);

  const onMessage = useCallback((message: ChatMessage) => setLive((lines) => [...lines.slice(-KEEP + 1), message]), []);
  useChatStream(matchId, onMessage);

  const history = data?.messages ?? [];
  const seen = new Set(history.map((m) => m.id));
  const lines = [...history, ...live.filter((m) => !seen.has(m.id))].slice(-KEEP);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lines.length]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!loggedIn) {
      openLogin();
      return;
    }
    const line = normalizeChatLine(text);
    if (!line) {
      setError(text.trim() ? t('match.chatTooLong') : '');
      return;
    }
    const now = Date.now();
    sent.current = sent.current.filter((at) => now - at < CHAT_LIMIT.windowMs);
    if (sent.current.length >= CHAT_LIMIT.lines) {
      showToast('info', t('match.chatSlowDown'));
      return;
    }
    void sendChat(matchId, line).then((ok) => {
      // Not connected: the line stays in the box to send again.
      if (!ok) return showToast('fail', t('match.chatOffline'));
      sent.current.push(now);
      setText((current) => (current === text ? '' : current));
      setError('');
    });
  };

  return (
    <div className={styles.chat} data-testid="chat">
      <ol ref={listRef} className={styles.chatLines} aria-live="polite">
        {lines.length === 0 && !isPending && <li className={styles.chatEmpty}>{t('match.chatEmpty')}</li>}
        {lines.map((m) => (
          <li key={m.id} className={styles.chatLine}>
            <span className={styles.chatName}>{m.nickName}</span>
            <span className={styles.chatText}>{m.text}</span>
            <time className={styles.chatTime} dateTime={new Date(m.ts).toISOString()}>
              {manilaTime(m.ts)}
            </time>
          </li>
        ))}
      </ol>
      {loggedIn ? (
        <form className={styles.chatForm} onSubmit={onSubmit} noValidate>
          <input
            className={styles.chatInput}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError('');
            }}
            placeholder={t('match.chatPlaceholder')}
            aria-label={t('match.chatPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'chat-error' : undefined}
            maxLength={CHAT_LIMIT.maxChars * 2}
            enterKeyHint="send"
          />
          <button type="submit" className={styles.chatSend} aria-label={t('match.chatSend')} disabled={!text.trim()}>
            <Icon name="send" size={18} />
          </button>
          {error && (
            <p id="chat-error" className={styles.chatError} role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className={styles.chatForm}>
          <Button variant="primary" block onClick={() => openLogin()}>
            {t('match.chatLogin')}
          </Button>
        </div>
      )}
    </div>
  );
}
