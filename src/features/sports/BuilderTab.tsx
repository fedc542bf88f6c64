import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/client';
import { BET_LISTS_KEY, balanceQuery } from '../../api/queries';
import { BetCode, type PlacementResult } from '../../contract/betting';
import { BUILDER_LIMITS, BUILDER_MIN_SELECTIONS, type CustomBetCalculation, type CustomBetMarket } from '../../contract/builder';
import type { Match } from '../../contract/feed';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { formatCentavos } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { timers } from '../../lib/timers';
import { preferences } from '../../stores/preferences';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageSkeleton } from '../../ui/Skeleton';
import styles from './Builder.module.css';
import { builderCalculateQuery, builderSelectionsQuery, placeBuilder } from './builderApi';

/** The calculate call waits for the player to stop tapping this long. */
const DEBOUNCE_MS = 250;

/** `value`, once it has stood still for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const handle = timers.setTimeout(() => setSettled(value), ms);
    return () => timers.clearTimeout(handle);
  }, [value, ms]);
  return settled;
}

/** A builder market's name in the player's language ('tg2.5' → Total Goals 2.5); the provider's English otherwise. */
function marketName(market: Pick<CustomBetMarket, 'marketId' | 'name'>, t: TFunction): string {
  const total = /^tg(\d+(?:\.\d+)?)$/.exec(market.marketId);
  if (total) return t('builder.markets.tg', { line: total[1] });
  const known = ['1x2', 'dc', 'btts', 'oe'] as const;
  const id = known.find((k) => k === market.marketId);
  return id ? t(`builder.markets.${id}`) : market.name;
}

/** A selection's name in the player's language, the teams' names as the feed gives them; the provider's English otherwise. */
function pickName(selectionId: string, fallback: string, match: Pick<Match, 'homeName' | 'awayName'>, t: TFunction): string {
  const home = match.homeName;
  const away = match.awayName;
  const total = /^tg(\d+(?:\.\d+)?):(o|u)$/.exec(selectionId);
  if (total) return t(total[2] === 'o' ? 'builder.picks.over' : 'builder.picks.under', { line: total[1] });
  switch (selectionId) {
    case '1x2:h':
      return home;
    case '1x2:d':
      return t('builder.picks.draw');
    case '1x2:a':
      return away;
    case 'dc:1x':
      return t('builder.picks.homeOrDraw', { home });
    case 'dc:12':
      return t('builder.picks.homeOrAway', { home, away });
    case 'dc:x2':
      return t('builder.picks.drawOrAway', { away });
    case 'btts:y':
      return t('builder.picks.yes');
    case 'btts:n':
      return t('builder.picks.no');
    case 'oe:odd':
      return t('builder.picks.odd');
    case 'oe:even':
      return t('builder.picks.even');
    default:
      return fallback;
  }
}

const marketOf = (selectionId: string) => selectionId.split(':')[0];

/** What the price line says about a choice: its odds, or why not (the conflicting picks named). */
function calculationText(calculation: CustomBetCalculation, nameOf: (id: string) => string, t: TFunction): string {
  switch (calculation.status) {
    case 'ok':
      return '';
    case 'conflict': {
      const [a, b] = calculation.selectionIds;
      if (calculation.selectionIds.length !== 2 || a === undefined || b === undefined) return t('builder.cannotAll');
      const names = { a: `“${nameOf(a)}”`, b: `“${nameOf(b)}”` };
      return marketOf(a) === marketOf(b) ? t('builder.sameMarket', names) : t('builder.cannotBoth', names);
    }
    case 'unavailable':
      return t('builder.unavailable');
    case 'incomplete':
      return t('builder.pickMore');
  }
}

type Outcome = { kind: 'placed'; result: PlacementResult } | { kind: 'moved'; price: number } | { kind: 'refused'; message: string };

/**
 * The match page's Bet Builder tab (issue 38): the player taps picks of this match, the combined odds
 * come from the feed's custom-bet API (debounced; a conflict names the two picks; what no longer combines
 * is greyed), then a stake and one ticket. A moved price is shown to accept, never taken silently.
 */
export function BuilderTab({ match }: { match: Match }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  const { oddsType } = useSnapshot(preferences);
  const stakeId = useId();
  const [picks, setPicks] = useState<string[]>([]);
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const asked = useDebounced(picks, DEBOUNCE_MS);
  const selections = useQuery(builderSelectionsQuery(match.matchId));
  const calculated = useQuery({
    ...builderCalculateQuery(match.matchId, asked),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
  });

  if (selections.isPending) return <PageSkeleton label={t('common.loading')} lines={6} />;
  if (selections.isError) {
    return (
      <Notice icon="info" title={t('builder.loadFailed')}>
        <Button onClick={() => void selections.refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  const markets = selections.data.markets;
  if (markets.length === 0) return <Notice icon="ticket" title={t('builder.notOffered')} />;

  const names = new Map(markets.flatMap((m) => m.selections.map((s) => [s.selectionId, pickName(s.selectionId, s.name, match, t)])));
  const nameOf = (id: string) => names.get(id) ?? id;
  const current = asked.length > 0 && asked.join() === picks.join() ? calculated.data : undefined;
  const combinable = picks.length === 0 ? undefined : current ? new Set(current.combinable) : undefined;
  const calculation = current?.calculation;
  const price = calculation?.status === 'ok' ? calculation.price : undefined;
  const pesos = Number.parseInt(stake, 10);
  const stakeOk = Number.isInteger(pesos) && pesos >= BUILDER_LIMITS.min && pesos <= BUILDER_LIMITS.max;
  const pricing = picks.length >= BUILDER_MIN_SELECTIONS && (asked.join() !== picks.join() || calculated.isFetching) && !price;

  const toggle = (id: string) => {
    setOutcome(undefined);
    setPicks((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id]));
  };

  const place = async (at: number) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const result = await placeBuilder({
        matchId: match.matchId,
        selectionIds: picks,
        price: at,
        stake: pesos,
        oddsType,
        seamless: preferences.seamless,
        acceptOddsChange: preferences.acceptOddsChange,
      });
      if (result.code === BetCode.Ok) {
        setOutcome({ kind: 'placed', result });
        void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: BET_LISTS_KEY });
      } else if (result.code === BetCode.OddsChanged && result.current && result.current.price > 1) {
        setOutcome({ kind: 'moved', price: result.current.price });
      } else {
        setOutcome({ kind: 'refused', message: result.message });
      }
    } catch (error) {
      // The API client has told the player already (its toast) unless the error is one left to the caller.
      if (error instanceof ApiError && !error.handled) setOutcome({ kind: 'refused', message: error.message });
    } finally {
      setBusy(false);
    }
  };

  if (outcome?.kind === 'placed') {
    const ticket = outcome.result.ticket;
    return (
      <section className={styles.builder} data-testid="bet-builder-result">
        <Notice icon="ticket" role="status" title={t(outcome.result.bet_status === 'waiting' ? 'builder.waiting' : 'builder.placed')}>
          {ticket && (
            <p className={styles.resultLine}>
              {t('slip.modes.builder')} @ {formatOdds(ticket.odds, ticket.oddsType)} · {formatCentavos(ticket.stake)} →{' '}
              {formatCentavos(ticket.payout)}
            </p>
          )}
          <div className={styles.resultActions}>
            <Link to="/betRecord" className={styles.link}>
              {t('builder.myBets')}
            </Link>
            <Button
              variant="secondary"
              onClick={() => {
                setPicks([]);
                setOutcome(undefined);
              }}
            >
              {t('builder.another')}
            </Button>
          </div>
        </Notice>
      </section>
    );
  }

  const status = picks.length === 0 ? t('builder.noPicks') : calculation ? calculationText(calculation, nameOf, t) : '';

  return (
    <section className={styles.builder} data-testid="bet-builder">
      <p className={styles.intro}>{t('builder.intro')}</p>
      {markets.map((market) => {
        const headingId = `${stakeId}-${market.marketId}`;
        return (
          <div key={market.marketId} className={styles.market} role="group" aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.marketName}>
              {marketName(market, t)}
            </h2>
            <div className={styles.grid} data-count={market.selections.length}>
              {market.selections.map((selection) => {
                const chosen = picks.includes(selection.selectionId);
                const greyed = !chosen && combinable !== undefined && !combinable.has(selection.selectionId);
                const name = nameOf(selection.selectionId);
                return (
                  <button
                    key={selection.selectionId}
                    type="button"
                    className={styles.pick}
                    aria-pressed={chosen}
                    disabled={greyed}
                    data-selection={selection.selectionId}
                    onClick={() => toggle(selection.selectionId)}
                  >
                    <span className={styles.pickName}>{name}</span>
                    <span className={styles.pickPrice}>{formatOdds(selection.price, oddsType)}</span>
                    {greyed && <span className="visually-hidden">, {t('builder.doesNotCombine')}</span>}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}

      <div className={styles.sheet} data-testid="bet-builder-sheet">
        <div className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>{t('builder.yourPicks')}</h2>
          {picks.length > 0 && (
            <button type="button" className={styles.clear} onClick={() => setPicks([])}>
              {t('builder.clear')}
            </button>
          )}
        </div>
        {picks.length > 0 && (
          <ul className={styles.chips}>
            {picks.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  className={styles.chip}
                  onClick={() => toggle(id)}
                  aria-label={t('builder.remove', { name: nameOf(id) })}
                >
                  {nameOf(id)} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.priceLine} role="status" aria-live="polite" data-testid="bet-builder-status">
          {price !== undefined ? (
            <>
              <span>{t('builder.odds')}</span>
              <strong className={styles.price} data-testid="bet-builder-odds">
                {formatOdds(price, oddsType)}
              </strong>
            </>
          ) : pricing ? (
            <span>{t('builder.pricing')}</span>
          ) : (
            <span className={calculation && calculation.status !== 'incomplete' ? styles.conflict : undefined}>{status}</span>
          )}
        </div>
        {price !== undefined && (
          <>
            <TextField
              label={t('builder.stake')}
              prefix="₱"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={stake}
              onChange={(e) => {
                setOutcome(undefined);
                setStake(e.target.value.replace(/\D/g, '').slice(0, 6));
              }}
              hint={t('builder.stakeHint', { min: BUILDER_LIMITS.min, max: BUILDER_LIMITS.max.toLocaleString('en-US') })}
              data-testid="bet-builder-stake"
            />
            {stakeOk && (
              <p className={styles.returns}>
                {t('builder.toReturn')} <strong>{formatCentavos(pesos * Math.round(price * 100))}</strong>
              </p>
            )}
            {outcome?.kind === 'moved' && (
              <p className={styles.conflict} role="alert">
                {t('builder.moved', { price: formatOdds(outcome.price, oddsType) })}
              </p>
            )}
            {outcome?.kind === 'refused' && (
              <p className={styles.conflict} role="alert">
                {t('builder.rejected', { message: outcome.message })}
              </p>
            )}
            {!loggedIn ? (
              <Button block onClick={() => openLogin()}>
                {t('builder.login')}
              </Button>
            ) : outcome?.kind === 'moved' ? (
              <Button block busy={busy} disabled={!stakeOk} onClick={() => void place(outcome.price)}>
                {t('builder.acceptNew', { price: formatOdds(outcome.price, oddsType) })}
              </Button>
            ) : (
              <Button block busy={busy} disabled={!stakeOk} onClick={() => void place(price)} data-testid="bet-builder-place">
                {t('builder.place')}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
