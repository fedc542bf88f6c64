import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { QrCode } from '../../ui/QrCode';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { type InviteInfo, inviteInfoQuery } from './api';
import styles from './Invite.module.css';
import promo from './Promo.module.css';

/** The share link: the home page with the inviter's code in spec §2's inviteTempleId (the server resolves it). */
export function inviteLink(code: string): string {
  return `${location.origin}/foryou?inviteTempleId=${encodeURIComponent(code)}`;
}

/**
 * /invite-friends and /inviteFriends (issue 35): the player's share link and its QR code, the invite
 * offer's terms in plain words, and each friend who joined through the link (masked) with what they
 * have done towards the reward, or why there is none. The server decides and pays; opening the page
 * asks it afresh.
 */
export function InviteFriendsPage() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(inviteInfoQuery);
  return (
    <PageLayout>
      <div className={promo.page}>
        {isPending ? (
          <Skeleton height={320} radius={12} />
        ) : isError ? (
          <Notice icon="wallet" title={t('invite.failed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : (
          <>
            <ShareCard code={data.code} reward={data.offer?.reward ?? null} />
            {data.offer && (
              <section className={promo.card} aria-labelledby="invite-terms">
                <h2 id="invite-terms" className={promo.title}>
                  {t('invite.terms')}
                </h2>
                <ul className={promo.terms} data-testid="invite-terms">
                  {data.offer.terms.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </section>
            )}
            <section className={promo.section} aria-labelledby="invite-friends">
              <h2 id="invite-friends" className={promo.heading}>
                {t('invite.friends')}
              </h2>
              {data.rewarded > 0 && (
                <p className={promo.dim} data-testid="invite-summary">
                  {t('invite.summary', { count: data.rewarded, earned: formatCentavos(data.earned) })}
                </p>
              )}
              {data.invitees.length === 0 ? (
                <p className={promo.dim}>{t('invite.noFriends')}</p>
              ) : (
                <ul className={styles.friends}>
                  {data.invitees.map((friend, index) => (
                    <Friend key={`${friend.joinedAt}-${index}`} friend={friend} language={i18n.language} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </PageLayout>
  );
}

function ShareCard({ code, reward }: { code: string; reward: number | null }) {
  const { t } = useTranslation();
  const link = inviteLink(code);
  const copy = async () => {
    const copied = await copyText(link);
    showToast(copied ? 'success' : 'fail', t(copied ? 'invite.copied' : 'invite.copyFailed'));
  };
  const share = () => void navigator.share({ title: t('invite.shareText'), url: link }).catch(() => undefined);
  return (
    <section className={promo.card} aria-labelledby="invite-link">
      <p className={promo.dim}>{reward === null ? t('invite.noOffer') : t('invite.intro', { reward: formatCentavos(reward) })}</p>
      <h2 id="invite-link" className={promo.title}>
        {t('invite.link')}
      </h2>
      <QrCode text={link} label={t('invite.qrLabel')} testId="invite-qr" className={styles.qr} />
      <p className={styles.link} data-testid="invite-link">
        {link}
      </p>
      <p className={promo.dim}>{t('invite.code', { code })}</p>
      <div className={styles.actions}>
        <Button block onClick={() => void copy()} data-testid="invite-copy">
          {t('invite.copy')}
        </Button>
        {typeof navigator.share === 'function' && (
          <Button block variant="secondary" onClick={share}>
            {t('invite.share')}
          </Button>
        )}
      </div>
    </section>
  );
}

type Invitee = InviteInfo['invitees'][number];

function Friend({ friend, language }: { friend: Invitee; language: string }) {
  const { t } = useTranslation();
  const steps = [
    { key: 'age', label: t('invite.steps.age'), done: friend.age.done },
    { key: 'kyc', label: t('invite.steps.kyc'), done: friend.kyc.done },
    { key: 'deposit', label: t('invite.steps.deposit'), done: friend.deposit.done },
    {
      key: 'bets',
      label: t('invite.steps.bets', { done: friend.bets.done, needed: friend.bets.needed }),
      done: friend.bets.needed > 0 && friend.bets.done >= friend.bets.needed,
    },
  ];
  return (
    <li className={promo.card} data-testid="invitee" data-status={friend.status}>
      <div className={styles.friendHead}>
        <span className={styles.friendName}>
          {friend.name} <span className={promo.dim}>{friend.phone}</span>
        </span>
        <span className={styles[friend.status]} data-testid="invitee-status">
          {t(`invite.status.${friend.status}`, { amount: formatCentavos(friend.reward) })}
        </span>
      </div>
      <p className={promo.dim}>{t('invite.joined', { date: formatDateTime(friend.joinedAt, language) })}</p>
      {friend.reason ? (
        <p className={promo.refusal} data-testid="invitee-reason">
          {t(`invite.reason.${friend.reason}`)}
        </p>
      ) : (
        <ul className={styles.steps}>
          {steps.map((step) => (
            <li key={step.key} className={step.done ? styles.stepDone : styles.step} data-done={step.done}>
              {step.label}
              <span className="visually-hidden">{step.done ? t('invite.stepDone') : t('invite.stepOpen')}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
