import { useTranslation } from 'react-i18next';
import { SportTypeId } from '../../contract/sports';
import { type MissionLink, MissionList } from '../../features/campaigns/MissionsPage';
import { SportFixtures } from '../../features/sports/SportFixtures';
import { PageLayout } from '../../ui/PageLayout';
import styles from './SportCampaign.module.css';

/**
 * The sport campaign pages (issue 35): /nbaPlayoff, /fiba and /boxing show the campaign's missions (by
 * its eventId, from the missions engine) above the fixtures of its sport from the feed, which the
 * player bets on from here (the same rows and slip as /sports); /sportActivity-nba-live is the NBA live
 * activity: its live missions and the basketball games being played now. Features do not import each
 * other, so the app composes missions and fixtures here. The feed's leagues are invented (no real NBA
 * or FIBA games): the pages say "basketball" and show what the feed has.
 */

type CampaignKey = 'nbaPlayoff' | 'fiba' | 'boxing' | 'nbaLive';

interface Campaign {
  key: CampaignKey;
  eventId: string;
  sportTypeId: string;
  modes: readonly ('live' | 'today' | 'early')[];
  detail: MissionLink;
}

const CAMPAIGNS: Record<CampaignKey, Campaign> = {
  nbaPlayoff: {
    key: 'nbaPlayoff',
    eventId: 'nba-playoffs',
    sportTypeId: SportTypeId.Basketball,
    modes: ['today', 'live', 'early'],
    detail: 'sportActivity',
  },
  fiba: { key: 'fiba', eventId: 'fiba', sportTypeId: SportTypeId.Basketball, modes: ['today', 'live', 'early'], detail: 'sportActivity' },
  boxing: { key: 'boxing', eventId: 'boxing', sportTypeId: SportTypeId.Boxing, modes: ['today', 'live', 'early'], detail: 'sportActivity' },
  nbaLive: { key: 'nbaLive', eventId: 'nba-live', sportTypeId: SportTypeId.Basketball, modes: ['live'], detail: 'nbaLive' },
};

function SportCampaign({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { key } = campaign;
  return (
    <PageLayout>
      <div className={styles.page} data-testid="sport-campaign">
        <p className={styles.intro}>{t(`sportpromo.${key}.intro`)}</p>
        <section className={styles.section} aria-labelledby={`${key}-missions`}>
          <h2 id={`${key}-missions`} className={styles.heading}>
            {t('sportpromo.missions')}
          </h2>
          <MissionList eventId={campaign.eventId} detail={campaign.detail} />
        </section>
        <section className={styles.section} aria-labelledby={`${key}-fixtures`} data-testid="campaign-fixtures">
          <h2 id={`${key}-fixtures`} className={styles.heading}>
            {t(`sportpromo.${key}.fixtures`)}
          </h2>
          <SportFixtures sportTypeId={campaign.sportTypeId} modes={campaign.modes} label={t('sportpromo.fixturesLabel')} />
        </section>
      </div>
    </PageLayout>
  );
}

export const NbaPlayoffRoute = () => <SportCampaign campaign={CAMPAIGNS.nbaPlayoff} />;
export const FibaRoute = () => <SportCampaign campaign={CAMPAIGNS.fiba} />;
export const BoxingRoute = () => <SportCampaign campaign={CAMPAIGNS.boxing} />;
export const NbaLiveRoute = () => <SportCampaign campaign={CAMPAIGNS.nbaLive} />;
