import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { SUPPORT_KEY, rate } from './api';
import styles from './Support.module.css';

/** The satisfaction rating at the end of a conversation: one to five stars (a radio group) and a comment. */
export function RatingPanel({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    if (!score) return;
    setBusy(true);
    try {
      await rate(conversationId, score, comment.trim());
      await queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
    } catch {
      // told by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.rating} aria-labelledby={`${id}-title`} data-testid="support-rating">
      <h2 id={`${id}-title`} className={styles.ratingTitle}>
        {t('support.rating.title')}
      </h2>
      <p className={styles.ratingBody}>{t('support.rating.body')}</p>
      <fieldset className={styles.stars}>
        <legend className={styles.visuallyHidden}>{t('support.rating.stars')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={`${styles.star} ${value <= score ? styles.starOn : ''}`}>
            <input
              type="radio"
              name={`${id}-score`}
              value={value}
              checked={score === value}
              onChange={() => setScore(value)}
              className={styles.visuallyHidden}
            />
            <Icon name="star" size={28} />
            <span className={styles.visuallyHidden}>{t('support.rating.star', { count: value })}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.commentLabel} htmlFor={`${id}-comment`}>
        {t('support.rating.comment')}
      </label>
      <textarea
        id={`${id}-comment`}
        className={styles.comment}
        rows={2}
        maxLength={500}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button block disabled={!score} busy={busy} onClick={() => void submit()}>
        {t('support.rating.submit')}
      </Button>
    </section>
  );
}
