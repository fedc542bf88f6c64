import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_CATEGORIES, type Market, type MarketCategory, type Match } from '../../contract/feed';
import type { Move } from '../../realtime/mirror';
import { tabStyles } from '../../ui/Tabs';
import { TabBar } from '../../ui/Tabs';
import { marketTitle } from '../../lib/marketLabels';
import styles from './LiveMatch.module.css';
import { MarketPrices } from './PriceButton';

/** Markets of the live match page, by category (MARKET_CATEGORIES order); 'All' first. */
export function MarketsTab({ match, markets, moves }: { match: Match; markets: Market[]; moves: ReadonlyMap<string, Move> }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<MarketCategory | 'all'>('all');
  const present = MARKET_CATEGORIES.filter((c) => markets.some((m) => m.category === c));
  const active = category === 'all' || present.includes(category) ? category : 'all';
  const shown = active === 'all' ? markets : markets.filter((m) => m.category === active);
  const grouped = present.map((c) => ({ category: c, markets: shown.filter((m) => m.category === c) })).filter((g) => g.markets.length > 0);

  return (
    <div data-testid="markets">
      <TabBar label={t('sports.markets')} variant="pills">
        <button type="button" className={tabStyles.tab} aria-pressed={active === 'all'} onClick={() => setCategory('all')}>
          {t('sports.markets')}
        </button>
        {present.map((c) => (
          <button key={c} type="button" className={tabStyles.tab} aria-pressed={active === c} onClick={() => setCategory(c)}>
            {t(`match.categories.${c}`)}
          </button>
        ))}
      </TabBar>
      {grouped.map((group) => (
        <section key={group.category} className={styles.category}>
          {active === 'all' && <h2 className={styles.categoryTitle}>{t(`match.categories.${group.category}`)}</h2>}
          {group.markets.map((market) => (
            <article key={market.marketId} className={styles.market} data-testid="market" data-market={market.marketId}>
              <h3 className={styles.marketTitle}>
                {marketTitle(market)}
                {market.status !== 'Running' && (
                  <span className={styles.marketStatus}>{t('sports.marketStatus', { status: market.status })}</span>
                )}
              </h3>
              <div className={`${styles.selections} ${market.selections.length === 3 ? styles.three : ''}`}>
                <MarketPrices match={match} market={market} moves={moves} page="live" />
              </div>
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}
