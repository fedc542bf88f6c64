import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { events } from '../../api/events';
import { balanceQuery } from '../../api/queries';
import { FEATURE_ID } from '../../contract/featureIds';
import { useExposure } from '../../hooks/useExposure';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useUserPush } from '../../realtime/hooks';
import { openLogin, showDialog, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import {
  type FreeBet,
  type FreeBetOffer,
  type Grant,
  PROMOTION_LIST_KEY,
  type PlayerOffer,
  type PublicOffers,
  leaveBonus,
  optIn,
  promotionListQuery,
  publicOffersQuery,
} from './api';
import styles from './Promo.module.css';

/**
 * The promotions pages (/promo, /promo-promo, /newActivity, /bonus, and the welcome pages /newMember,
 * /newUser, /sportActivity-new-user, /joinsuccess, /joinvisitorsuccess): cash and bonus apart, each bonus
 * held with its live wagering progress (staked / required, time left; asked again when a bet settles or
 * the balance moves, pushed over the socket), and the offers with every material term in plain words
 * before the player opts in. A visitor reads the offers and their terms and is asked to log in.
 */
export function PromoPage({ welcome = false }: { welcome?: boolean }) {
  const loggedIn = useLoggedIn();
  return <PageLayout>{loggedIn ? <PlayerPromotions welcome={welcome} /> : <VisitorOffers welcome={welcome} />}</PageLayout>;
}

/** /newMember and the other welcome pages: the first-deposit offers first. */
export function WelcomePage() {
  return <PromoPage welcome />;
}

function PlayerPromotions({ welcome }: { welcome: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(promotionListQuery);
  // A bet settled or the balance moved (a win back to a bonus, wagering counted): the figures are asked again.
  const again = () => void queryClient.invalidateQueries({ queryKey: PROMOTION_LIST_KEY });
  useUserPush('bets', again);
  useUserPush('balance', again);
  if (isPending)
    return (
      <div className={styles.page} role="status" aria-label={t('common.loading')}>
        <Skeleton height={80} radius={12} />
        <Skeleton height={160} radius={12} />
      </div>
    );
  if (isError)
    return (
      <Notice icon="wallet" title={t('promo.failed')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  const active = data.grants.filter((grant) => grant.status === 'active');
  const ended = data.grants.filter((grant) => grant.status !== 'active');
  const offers = welcome ? data.offers.filter((offer) => offer.kind === 'firstDeposit') : data.offers;
  const changed = () => {
    again();
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  };
  return (
    <div className={styles.page}>
      <section className={styles.wallets} aria-label={t('promo.walletsLabel')} data-testid="promo-wallets">
        <div className={styles.wallet}>
          <span className={styles.dim}>{t('promo.cash')}</span>
          <span className={styles.amount} data-testid="promo-cash">
            {formatCentavos(data.cash)}
          </span>
        </div>
        <div className={styles.wallet}>
          <span className={styles.dim}>{t('promo.bonus')}</span>
          <span className={styles.amount} data-testid="promo-bonus">
            {formatCentavos(data.bonus)}
          </span>
        </div>
      </section>
      {active.length > 0 && (
        <section aria-labelledby="promo-held" className={styles.section}>
          <h2 id="promo-held" className={styles.heading}>
            {t('promo.held')}
          </h2>
          {active.map((grant) => (
            <GrantCard key={grant.grantId} grant={grant} onChanged={changed} />
          ))}
        </section>
      )}
      {data.freeBets.some((freeBet) => freeBet.status === 'active' || freeBet.status === 'used') && (
        <section aria-labelledby="promo-free-bets" className={styles.section}>
          <h2 id="promo-free-bets" className={styles.heading}>
            {t('promo.freeBets.held')}
          </h2>
          {data.freeBets
            .filter((freeBet) => freeBet.status === 'active' || freeBet.status === 'used')
            .map((freeBet) => (
              <FreeBetCard key={freeBet.freeBetId} freeBet={freeBet} />
            ))}
        </section>
      )}
      <section aria-labelledby="promo-offers" className={styles.section}>
        <h2 id="promo-offers" className={styles.heading}>
          {welcome ? t('promo.welcomeOffers') : t('promo.offers')}
        </h2>
        {offers.length === 0 ? (
          <p className={styles.dim}>{t('promo.noOffers')}</p>
        ) : (
          offers.map((offer) => <OfferCard key={offer.id} offer={offer} onTaken={changed} />)
        )}
        {!welcome && data.freeBetOffers.map((offer) => <FreeBetOfferCard key={offer.id} offer={offer} onTaken={changed} />)}
      </section>
      {ended.length > 0 && (
        <section aria-labelledby="promo-ended" className={styles.section}>
          <h2 id="promo-ended" className={styles.heading}>
            {t('promo.ended')}
          </h2>
          {ended.map((grant) => (
            <div key={grant.grantId} className={styles.card}>
              <h3 className={styles.title}>{grant.title}</h3>
              <p className={styles.dim}>
                {t(`promo.endReason.${endReasonOf(grant.endReason)}`, {
                  converted: formatCentavos(grant.converted),
                  forfeited: formatCentavos(grant.forfeited),
                })}
              </p>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

const END_REASONS = ['wagered', 'left', 'expired', 'withdrawal', 'excluded', 'closed'] as const;
const endReasonOf = (reason: string | null) => END_REASONS.find((known) => known === reason) ?? 'left';

/** The time a grant has left, in days (from 2 days) or hours. */
function useTimeLeft(expiresAt: string): string {
  const { t } = useTranslation();
  // The time of the render that first showed the grant: the list is asked again on every settled bet.
  const [now] = useState(() => Date.now());
  const ms = Date.parse(expiresAt) - now;
  if (ms <= 0) return t('promo.expired');
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 48 ? t('promo.daysLeft', { count: Math.floor(hours / 24) }) : t('promo.hoursLeft', { count: Math.max(hours, 1) });
}

function GrantCard({ grant, onChanged }: { grant: Grant; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const left = useTimeLeft(grant.expiresAt);
  const percent = grant.required === 0 ? 100 : Math.min(100, Math.floor((grant.wagered * 100) / grant.required));
  const leave = () =>
    showDialog({
      title: t('promo.leaveTitle'),
      message: t('promo.leaveBody', { amount: formatCentavos(grant.balance) }),
      confirm: {
        label: t('promo.leaveConfirm'),
        action: () => {
          setBusy(true);
          leaveBonus(grant.grantId)
            .then((answer) => {
              showToast('success', t('promo.left', { amount: formatCentavos(answer.forfeited) }));
              onChanged();
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        },
      },
      cancel: { label: t('common.cancel') },
    });
  return (
    <article className={styles.card} data-testid="promo-grant">
      <h3 className={styles.title}>{grant.title}</h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('promo.bonusLeft')}</dt>
          <dd>{formatCentavos(grant.balance)}</dd>
        </div>
        <div>
          <dt>{t('promo.maxBet')}</dt>
          <dd>{formatCentavos(grant.maxBet)}</dd>
        </div>
        <div>
          <dt>{t('promo.timeLeft')}</dt>
          <dd title={formatDateTime(grant.expiresAt, i18n.language)}>{left}</dd>
        </div>
      </dl>
      <div className={styles.progressLabel}>
        <span>{t('promo.wagering')}</span>
        <span data-testid="promo-progress">
          {t('promo.progress', { staked: formatCentavos(grant.wagered), required: formatCentavos(grant.required) })}
        </span>
      </div>
      <progress className={styles.progress} max={100} value={percent} aria-label={t('promo.progressLabel', { percent })} />
      <Button variant="ghost" size="small" busy={busy} onClick={leave} data-testid="promo-leave">
        {t('promo.leave')}
      </Button>
    </article>
  );
}

/** An offer as a card: its title, what it is and every material term in plain words; then what the reader may do. */
export function OfferArticle({
  title,
  summary,
  terms,
  testId,
  cardRef,
  children,
}: {
  title: string;
  summary: string;
  terms: readonly string[];
  testId?: string;
  cardRef?: React.Ref<HTMLElement>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <article ref={cardRef} className={styles.card} data-testid={testId}>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.dim}>{summary}</p>
      <h4 className={styles.termsTitle}>{t('promo.terms')}</h4>
      <ul className={styles.terms}>
        {terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {children}
    </article>
  );
}

/** Why the player cannot take an offer, or the button that takes it. */
function TakeOrWhy({ refusal, busy, take, label }: { refusal: string | null; busy: boolean; take: () => void; label: string }) {
  return refusal ? (
    <p className={styles.refusal} data-testid="promo-refusal">
      {refusal}
    </p>
  ) : (
    <Button block busy={busy} onClick={take} data-testid="promo-opt-in">
      {label}
    </Button>
  );
}

/** A visitor's way to the offers: register to take one, or log in. */
export function VisitorAsk() {
  const { t } = useTranslation();
  return (
    <>
      <Button block onClick={() => openLogin({ type: 'register' })}>
        {t('promo.registerToTake')}
      </Button>
      <Button block variant="secondary" onClick={() => openLogin({ type: 'password' })}>
        {t('common.login')}
      </Button>
    </>
  );
}

export function OfferCard({ offer, onTaken }: { offer: PlayerOffer; onTaken: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLElement>(null);
  useExposure(card, `${FEATURE_ID.promoOffer}.${offer.id}`);
  const take = () => {
    events.click(`${FEATURE_ID.promoOffer}.${offer.id}`, undefined, 'optIn');
    setBusy(true);
    optIn(offer.id)
      .then(() => {
        showToast('success', t('promo.taken', { amount: formatCentavos(offer.bonus) }));
        onTaken();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <OfferArticle cardRef={card} testId={`promo-offer-${offer.id}`} title={offer.title} summary={offer.summary} terms={offer.terms}>
      <TakeOrWhy refusal={offer.refusal} busy={busy} take={take} label={t('promo.take', { amount: formatCentavos(offer.bonus) })} />
    </OfferArticle>
  );
}

function VisitorOffers({ welcome }: { welcome: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(publicOffersQuery);
  if (isPending) return <Skeleton height={160} radius={12} />;
  if (isError)
    return (
      <Notice icon="wallet" title={t('promo.failed')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  const offers: PublicOffers['offers'] = welcome ? data.offers.filter((offer) => offer.kind === 'firstDeposit') : data.offers;
  return (
    <div className={styles.page}>
      <h2 className={styles.heading}>{welcome ? t('promo.welcomeOffers') : t('promo.offers')}</h2>
      {offers.map((offer) => (
        <OfferArticle key={offer.id} testId={`promo-offer-${offer.id}`} title={offer.title} summary={offer.summary} terms={offer.terms} />
      ))}
      <VisitorAsk />
    </div>
  );
}

/** A free bet the player holds: its amount, its odds floor, and until when (or that a bet is using it). */
function FreeBetCard({ freeBet }: { freeBet: FreeBet }) {
  const { t } = useTranslation();
  const left = useTimeLeft(freeBet.expiresAt);
  return (
    <article className={styles.card} data-testid="promo-free-bet" data-status={freeBet.status}>
      <h3 className={styles.title}>{freeBet.title}</h3>
      <p className={styles.dim}>{t('promo.freeBets.rule', { amount: formatCentavos(freeBet.amount), odds: freeBet.minOdds.toFixed(2) })}</p>
      <p className={styles.dim}>{freeBet.status === 'used' ? t('promo.freeBets.placed') : left}</p>
    </article>
  );
}

function FreeBetOfferCard({ offer, onTaken }: { offer: FreeBetOffer; onTaken: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const take = () => {
    setBusy(true);
    optIn(offer.id)
      .then(() => {
        showToast('success', t('promo.freeBets.taken', { amount: formatCentavos(offer.amount) }));
        onTaken();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <OfferArticle testId={`promo-offer-${offer.id}`} title={offer.title} summary={offer.summary} terms={offer.terms}>
      <TakeOrWhy
        refusal={offer.refusal}
        busy={busy}
        take={take}
        label={t('promo.freeBets.take', { amount: formatCentavos(offer.amount) })}
      />
    </OfferArticle>
  );
}
