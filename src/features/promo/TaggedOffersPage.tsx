import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../api/queries';
import type { OfferTag } from '../../contract/promotions';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { PROMOTION_LIST_KEY, promotionListQuery, publicOffersQuery } from './api';
import { OfferArticle, OfferCard, VisitorAsk } from './PromoPage';
import styles from './Promo.module.css';

/**
 * /bingo_promotion, /ldpage/letsbingo and /agency-benefits (issue 35): the catalogue's offers tagged for
 * the page (OFFER_TAGS), each with every material term in plain words before opting in, taken exactly as
 * on /promo (the same opt-in, the same eligibility). A visitor reads them and is asked to register. None
 * tagged: the page says so and points to /promo.
 */
export function TaggedOffersPage({ tag }: { tag: OfferTag }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.dim}>{t(`sportpromo.offers.${tag}.intro`)}</p>
        <section aria-labelledby="tagged-offers" className={styles.section}>
          <h2 id="tagged-offers" className={styles.heading}>
            {t(`sportpromo.offers.${tag}.heading`)}
          </h2>
          {loggedIn ? <PlayerOffers tag={tag} /> : <VisitorOffers tag={tag} />}
        </section>
      </div>
    </PageLayout>
  );
}

export const BingoPromotionPage = () => <TaggedOffersPage tag="bingo" />;
export const AgencyBenefitsPage = () => <TaggedOffersPage tag="agency" />;

function PlayerOffers({ tag }: { tag: OfferTag }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(promotionListQuery);
  if (isPending) return <Skeleton height={160} radius={12} />;
  if (isError) return <Failed retry={() => void refetch()} />;
  const offers = data.offers.filter((offer) => offer.tags.includes(tag));
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: PROMOTION_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  };
  if (offers.length === 0) return <None />;
  return (
    <>
      {offers.map((offer) => (
        <OfferCard key={offer.id} offer={offer} onTaken={changed} />
      ))}
      <p className={styles.dim}>{t('sportpromo.offers.sameRules')}</p>
    </>
  );
}

function VisitorOffers({ tag }: { tag: OfferTag }) {
  const { data, isPending, isError, refetch } = useQuery(publicOffersQuery);
  if (isPending) return <Skeleton height={160} radius={12} />;
  if (isError) return <Failed retry={() => void refetch()} />;
  const offers = data.offers.filter((offer) => offer.tags.includes(tag));
  if (offers.length === 0) return <None />;
  return (
    <>
      {offers.map((offer) => (
        <OfferArticle key={offer.id} testId={`promo-offer-${offer.id}`} title={offer.title} summary={offer.summary} terms={offer.terms} />
      ))}
      <VisitorAsk />
    </>
  );
}

function None() {
  const { t } = useTranslation();
  return <Notice icon="gift" title={t('sportpromo.offers.none')} />;
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice icon="wallet" title={t('promo.failed')} role="alert">
      <Button onClick={retry}>{t('common.retry')}</Button>
    </Notice>
  );
}
