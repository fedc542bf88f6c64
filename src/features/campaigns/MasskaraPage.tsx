import { Link, useRouterState } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../api/queries';
import { maskMessage, pickWeighted } from '../../contract/fairness';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useUserPush } from '../../realtime/hooks';
import { openLogin, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import styles from './Campaigns.module.css';
import {
  MASSKARA_KEY,
  type MasskaraCampaign,
  type MasskaraMine,
  RAFFLES_KEY,
  type RaffleView,
  exchangeMasks,
  joinMasskara,
  masskaraQuery,
  rafflesQuery,
} from './masskaraApi';
import type { MasskaraSearch } from './search';
import { rollInBrowser, sha256Hex, verifyRaffle } from './verifyDraw';

/**
 * /campaign/masskara and its children (issue 35): main (the campaign, joining, the raffles with their
 * check), mask-collection (the masks held and the exchange of a full set), records (each mask: when, from
 * what, its roll; the seed and a check once revealed), my-prizes, rules (every rule in plain words).
 * The child is the address's third segment; the guards keep a visitor out of the login-only children.
 */

const TABS = ['main', 'mask-collection', 'records', 'my-prizes', 'rules'] as const;
type Tab = (typeof TABS)[number];

export function MasskaraPage({ edition }: MasskaraSearch) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const segment = pathname.split('/').filter(Boolean)[2];
  const tab: Tab = TABS.find((candidate) => candidate === segment) ?? 'main';
  const { data, isPending, isError, refetch } = useQuery(masskaraQuery(edition));
  const queryClient = useQueryClient();
  const again = () => {
    void queryClient.invalidateQueries({ queryKey: MASSKARA_KEY });
    void queryClient.invalidateQueries({ queryKey: RAFFLES_KEY });
  };
  useUserPush('bets', again);
  useUserPush('balance', again);
  return (
    <PageLayout>
      <div className={styles.page}>
        <TabBar label={t('masskara.tabs.label')} variant="pills">
          {TABS.map((candidate) => (
            <Link
              key={candidate}
              to={`/campaign/masskara/${candidate}`}
              search={edition ? { edition } : {}}
              replace
              className={tabStyles.tab}
              aria-current={candidate === tab ? 'page' : undefined}
            >
              {t(`masskara.tabs.${candidate}`)}
            </Link>
          ))}
        </TabBar>
        {isPending ? (
          <div role="status" aria-label={t('common.loading')}>
            <Skeleton height={200} radius={12} />
          </div>
        ) : isError ? (
          <Notice icon="star" title={t('masskara.failed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : (
          <>
            {data.editions.length > 1 && <Editions campaign={data} />}
            {data.notice && <p className={styles.state}>{data.notice}</p>}
            {tab === 'main' && <Main campaign={data} />}
            {tab === 'mask-collection' && <Collection campaign={data} />}
            {tab === 'records' && <Records campaign={data} />}
            {tab === 'my-prizes' && <Prizes campaign={data} />}
            {tab === 'rules' && <Rules campaign={data} />}
          </>
        )}
      </div>
    </PageLayout>
  );
}

/** Every edition of the campaign: the one shown marked, an ended one readable as history. */
function Editions({ campaign }: { campaign: MasskaraCampaign }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('c3735.editions.label')} className={styles.card}>
      <h2 className={styles.title}>{t('c3735.editions.title')}</h2>
      <ul className={styles.records}>
        {campaign.editions.map((one) => (
          <li key={one.id} className={styles.taskLine} data-testid="masskara-edition">
            <Link to="/campaign/masskara/main" search={{ edition: one.id }} aria-current={one.id === campaign.edition ? 'page' : undefined}>
              {one.title}
            </Link>
            <span className={styles.badge}>{t(`masskara.status.${one.status}`)}</span>
          </li>
        ))}
      </ul>
      {campaign.status === 'ended' && <p className={styles.dim}>{t('c3735.editions.history')}</p>}
    </nav>
  );
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: MASSKARA_KEY });
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  };
}

function PrizeLine({ campaign }: { campaign: MasskaraCampaign }) {
  const { t } = useTranslation();
  const amount = formatCentavos(campaign.prize.bonus);
  return (
    <p className={styles.reward}>
      {campaign.prize.multiple === 0
        ? t('masskara.prizeCash', { amount })
        : t('masskara.prizeBonus', { amount, multiple: campaign.prize.multiple })}
    </p>
  );
}

/** Join (or log in to join): what a player who has not joined sees in place of their masks. */
function JoinPrompt({ campaign }: { campaign: MasskaraCampaign }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const changed = useChanged();
  const [busy, setBusy] = useState(false);
  if (!loggedIn) return <Button onClick={() => openLogin()}>{t('masskara.loginToJoin')}</Button>;
  if (campaign.status === 'ended' || !campaign.active || campaign.notice) return null;
  const join = () => {
    setBusy(true);
    joinMasskara(campaign.edition)
      .then(() => {
        showToast('success', t('masskara.joined'));
        changed();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <p className={styles.dim}>{t('masskara.notJoined')}</p>
      <Button busy={busy} onClick={join} data-testid="masskara-join">
        {t('masskara.join')}
      </Button>
    </>
  );
}

function Main({ campaign }: { campaign: MasskaraCampaign }) {
  const { t, i18n } = useTranslation();
  const me = campaign.me;
  const have = me ? me.counts.filter((count) => count > 0).length : 0;
  return (
    <>
      <article className={styles.card} aria-labelledby="masskara-title">
        <div className={styles.head}>
          <h2 className={styles.title} id="masskara-title">
            {campaign.title}
          </h2>
          <span className={styles.badge}>{t(`masskara.status.${campaign.status}`)}</span>
        </div>
        <p className={styles.dim}>{campaign.summary}</p>
        <p className={styles.dim}>
          {t('masskara.dates', {
            from: formatDateTime(campaign.startsAt, i18n.language),
            to: formatDateTime(campaign.endsAt, i18n.language),
          })}
        </p>
        <PrizeLine campaign={campaign} />
        {me ? (
          <>
            <p className={styles.state} data-testid="masskara-progress">
              {t('masskara.collected', { have, total: campaign.masks.length })}
            </p>
            <Link to="/campaign/masskara/mask-collection">{t('masskara.seeCollection')}</Link>
          </>
        ) : (
          <JoinPrompt campaign={campaign} />
        )}
      </article>
      <Raffles only={campaign.raffles} />
    </>
  );
}

function Collection({ campaign }: { campaign: MasskaraCampaign }) {
  const { t, i18n } = useTranslation();
  const me = campaign.me;
  const changed = useChanged();
  const [busy, setBusy] = useState(false);
  if (!me)
    return (
      <div className={styles.card}>
        <JoinPrompt campaign={campaign} />
      </div>
    );
  const exchange = () => {
    setBusy(true);
    exchangeMasks(campaign.edition)
      .then((answer) => {
        showToast('success', t('masskara.exchangedToast', { amount: formatCentavos(answer.bonus) }));
        changed();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <section className={styles.card} aria-labelledby="masskara-masks">
      <h2 className={styles.title} id="masskara-masks">
        {t('masskara.masksTitle')}
      </h2>
      <ul className={styles.masks}>
        {campaign.masks.map((mask, index) => {
          const count = me.counts[index] ?? 0;
          return (
            <li key={mask.id} className={count > 0 ? styles.maskHeld : styles.mask} data-testid="masskara-mask">
              <span className={styles.maskName}>{mask.label}</span>
              <span>{count > 0 ? t('masskara.count', { count }) : t('masskara.missing')}</span>
              <span className={styles.dim}>{t('masskara.chance', { percent: mask.percent })}</span>
            </li>
          );
        })}
      </ul>
      <PrizeLine campaign={campaign} />
      {me.exchange ? (
        <p className={styles.state}>{t('masskara.exchanged', { at: formatDateTime(me.exchange.at, i18n.language) })}</p>
      ) : (
        <>
          {!me.complete && <p className={styles.dim}>{t('masskara.exchangeHint')}</p>}
          <Button busy={busy} disabled={!me.complete} onClick={exchange} data-testid="masskara-exchange">
            {t('masskara.exchange')}
          </Button>
        </>
      )}
    </section>
  );
}

function Records({ campaign }: { campaign: MasskaraCampaign }) {
  const { t, i18n } = useTranslation();
  const loggedIn = useLoggedIn();
  const me = campaign.me;
  if (!loggedIn)
    return (
      <Notice icon="star" title={t('masskara.loginForRecords')}>
        <Button onClick={() => openLogin()}>{t('masskara.loginToJoin')}</Button>
      </Notice>
    );
  if (!me)
    return (
      <div className={styles.card}>
        <JoinPrompt campaign={campaign} />
      </div>
    );
  return (
    <>
      <section className={styles.card} aria-labelledby="masskara-records">
        <h2 className={styles.title} id="masskara-records">
          {t('masskara.tabs.records')}
        </h2>
        {me.records.length === 0 ? (
          <p className={styles.dim}>{t('masskara.noRecords')}</p>
        ) : (
          <ul className={styles.records}>
            {me.records.map((record) => (
              <li key={record.id} className={styles.record} data-testid="masskara-record">
                <div className={styles.taskLine}>
                  <strong>{record.label}</strong>
                  <span className={styles.dim}>{formatDateTime(record.earnedAt, i18n.language)}</span>
                </div>
                <div className={styles.taskLine}>
                  <span>
                    {record.from === 'bet'
                      ? t('masskara.fromBet', { reference: record.reference })
                      : t('masskara.fromRound', { reference: record.reference })}
                  </span>
                  <span className={styles.dim}>{t('masskara.stake', { amount: formatCentavos(record.stake) })}</span>
                </div>
                {record.exchanged && <span className={styles.badge}>{t('masskara.given')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Fairness campaign={campaign} me={me} />
    </>
  );
}

/** The player's seed hash, the seed once revealed, and a check of every mask in the browser. */
function Fairness({ campaign, me }: { campaign: MasskaraCampaign; me: MasskaraMine }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<boolean>();
  const check = async () => {
    const seed = me.seed!;
    let ok = (await sha256Hex(seed)) === me.seedHash;
    for (const record of me.records) {
      const roll = await rollInBrowser(seed, record.message);
      ok &&= roll === record.roll && record.message.startsWith(maskMessage('')) && pickWeighted(roll, campaign.masks).id === record.maskId;
    }
    setResult(ok);
  };
  return (
    <section className={styles.card} aria-labelledby="masskara-fair">
      <h2 className={styles.title} id="masskara-fair">
        {t('masskara.fairTitle')}
      </h2>
      <p className={styles.dim}>{t('masskara.seedHash')}</p>
      <code className={styles.hash} data-testid="masskara-seed-hash">
        {me.seedHash}
      </code>
      {me.seed ? (
        <>
          <p className={styles.dim}>{t('masskara.seed')}</p>
          <code className={styles.hash}>{me.seed}</code>
          <Button variant="secondary" onClick={() => void check()}>
            {t('masskara.check')}
          </Button>
          {result !== undefined && (
            <p className={styles.state} role="status">
              {result ? t('masskara.checkOk') : t('masskara.checkBad')}
            </p>
          )}
        </>
      ) : (
        <p className={styles.dim}>{t('masskara.seedLater')}</p>
      )}
    </section>
  );
}

function Prizes({ campaign }: { campaign: MasskaraCampaign }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(rafflesQuery);
  const won = (data?.raffles ?? []).flatMap((raffle) =>
    (raffle.draw?.winners ?? []).filter((winner) => winner.me).map((winner) => ({ raffle, winner })),
  );
  const exchange = campaign.me?.exchange;
  return (
    <section className={styles.card} aria-labelledby="masskara-prizes">
      <h2 className={styles.title} id="masskara-prizes">
        {t('masskara.tabs.my-prizes')}
      </h2>
      {!exchange && won.length === 0 ? (
        <p className={styles.dim}>{t('masskara.noPrizes')}</p>
      ) : (
        <ul className={styles.records}>
          {exchange && (
            <li className={styles.record} data-testid="masskara-prize">
              <div className={styles.taskLine}>
                <strong>{t('masskara.setPrize')}</strong>
                <span>{formatCentavos(exchange.bonus)}</span>
              </div>
              <span className={styles.dim}>{formatDateTime(exchange.at, i18n.language)}</span>
            </li>
          )}
          {won.map(({ raffle, winner }) => (
            <li key={raffle.id} className={styles.record} data-testid="masskara-prize">
              <div className={styles.taskLine}>
                <strong>{t('masskara.rafflePrize', { title: raffle.title, place: winner.place })}</strong>
                <span>{winner.withheld ? t('masskara.withheld') : formatCentavos(winner.prize)}</span>
              </div>
              <span className={styles.dim}>{formatDateTime(raffle.draw!.drawnAt, i18n.language)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Rules({ campaign }: { campaign: MasskaraCampaign }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="masskara-rules">
      <h2 className={styles.title} id="masskara-rules">
        {t('masskara.rulesTitle')}
      </h2>
      <ul className={styles.terms} data-testid="masskara-rules">
        {campaign.terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The raffles of the edition shown (every raffle when the edition names none). */
function Raffles({ only }: { only: string[] }) {
  const { t } = useTranslation();
  const { data } = useQuery(rafflesQuery);
  const raffles = (data?.raffles ?? []).filter((raffle) => only.length === 0 || only.includes(raffle.id));
  return (
    <section className={styles.page} aria-labelledby="raffles-title">
      <h2 className={styles.title} id="raffles-title">
        {t('masskara.raffles.title')}
      </h2>
      {data && raffles.length === 0 && <p className={styles.dim}>{t('masskara.raffles.none')}</p>}
      {raffles.map((raffle) => (
        <RaffleCard key={raffle.id} raffle={raffle} />
      ))}
    </section>
  );
}

function RaffleCard({ raffle }: { raffle: RaffleView }) {
  const { t, i18n } = useTranslation();
  const [verified, setVerified] = useState<boolean>();
  const headingId = `raffle-${raffle.id}`;
  const draw = raffle.draw;
  const verify = async () => {
    if (!draw || !raffle.seed) return;
    const check = await verifyRaffle({ ...raffle, seed: raffle.seed, entries: draw.entries, winners: draw.winners });
    setVerified(check.seedMatches && check.winnersMatch);
  };
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="raffle">
      <div className={styles.head}>
        <h3 className={styles.title} id={headingId}>
          {raffle.title}
        </h3>
        <span className={styles.badge}>{t(`masskara.raffles.status.${raffle.status}`)}</span>
      </div>
      <p className={styles.dim}>{raffle.summary}</p>
      <p className={styles.dim}>
        {t('masskara.dates', { from: formatDateTime(raffle.startsAt, i18n.language), to: formatDateTime(raffle.endsAt, i18n.language) })}
      </p>
      <p className={styles.reward}>
        {raffle.myTickets === null ? t('masskara.raffles.loginForTickets') : t('masskara.raffles.myTickets', { count: raffle.myTickets })}
      </p>
      <ul className={styles.terms}>
        {raffle.terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className={styles.dim}>{t('masskara.raffles.seedHash')}</p>
      <code className={styles.hash}>{raffle.seedHash}</code>
      {draw && raffle.seed && (
        <>
          <p className={styles.dim}>{t('masskara.raffles.seed')}</p>
          <code className={styles.hash}>{raffle.seed}</code>
          <p className={styles.dim}>
            {t('masskara.raffles.entries', {
              count: draw.entries.length,
              tickets: draw.entries.reduce((sum, entry) => sum + entry.tickets, 0),
            })}
          </p>
          <table className={styles.standings}>
            <caption className={styles.dim}>{t('masskara.raffles.winners')}</caption>
            <tbody>
              {draw.winners.map((winner) => (
                <tr key={winner.place} className={winner.me ? styles.me : undefined}>
                  <td>{winner.place}</td>
                  <td>{winner.name}</td>
                  <td>{t('masskara.raffles.tickets', { count: draw.entries[winner.entry]?.tickets ?? 0 })}</td>
                  <td>{winner.withheld ? t('masskara.withheld') : formatCentavos(winner.prize)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button variant="secondary" onClick={() => void verify()} data-testid="raffle-verify">
            {t('masskara.raffles.verify')}
          </Button>
          {verified !== undefined && (
            <p className={styles.state} role="status">
              {verified ? t('masskara.raffles.verifyOk') : t('masskara.raffles.verifyBad')}
            </p>
          )}
        </>
      )}
    </article>
  );
}
