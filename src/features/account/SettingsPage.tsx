import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Choice as ChoiceTiles } from '../../ui/Choice';
import { PageLayout } from '../../ui/PageLayout';
import { ODDS_ACCEPTANCES } from '../../contract/acceptance';
import { HOME_TABS, type HomeTab } from '../../contract/navigation';
import { OddsType } from '../../contract/sports';
import { setLanguage } from '../../i18n';
import { choosePrivacy } from '../../api/events/consent';
import { privacy } from '../../stores/privacy';
import { chooseDataSaver, dataSaver } from '../../stores/dataSaver';
import { DATA_SAVER_SETTINGS, type DataSaverSetting } from '../../lib/dataSaver';
import { quickBetAmount, rememberQuickStake } from '../../stores/quickStake';
import { type LanguageCode, type LayoutType, type OddsChangeAcceptance, preferences } from '../../stores/preferences';
import styles from './SettingsPage.module.css';

/** The settings' choices, each with the page's margins. */
function Choice<T extends string | number>(props: Parameters<typeof ChoiceTiles<T>>[0]) {
  return (
    <div className={styles.group}>
      <ChoiceTiles {...props} />
    </div>
  );
}

const ODDS_TYPES = Object.values(OddsType);
/** Quick bet amounts on offer, in whole pesos; 0 starts a pick from the last stake placed. */
const QUICK_BET_AMOUNTS = [0, 20, 50, 100, 200, 500, 1_000] as const;

/**
 * /settings: language, odds format, default home tab, layout, odds-change acceptance and the quick bet
 * amount, kept on this device; data saver (issue 38: Auto follows the browser); the analytics choice
 * (issue 39), changeable here at any time; and the notifications section the app composes in
 * (`notifications`: Web Push's switches, src/app/push).
 */
export function SettingsPage({ notifications }: { notifications?: ReactNode } = {}) {
  const { t } = useTranslation();
  const prefs = useSnapshot(preferences);
  const { analytics } = useSnapshot(privacy);
  const saver = useSnapshot(dataSaver);
  const [quickAmount, setQuickAmount] = useState(quickBetAmount);
  return (
    <PageLayout flush>
      <div className={styles.spacer} />
      <Link to="/responsibleGaming" className={styles.link} data-testid="settings-rg">
        {t('settings.responsibleGaming')}
      </Link>
      <Choice
        legend={t('settings.language')}
        name="language"
        value={prefs.language}
        options={(['en', 'cn'] as const).map((value) => ({ value, label: t(`settings.languages.${value}`) }))}
        onChange={(value: LanguageCode) => {
          preferences.language = value;
          void setLanguage(value);
        }}
      />
      <Choice
        legend={t('settings.oddsType')}
        name="oddsType"
        value={prefs.oddsType}
        options={ODDS_TYPES.map((value) => ({ value, label: t(`settings.oddsTypes.${value}`) }))}
        onChange={(value) => (preferences.oddsType = value)}
      />
      <Choice
        legend={t('settings.defaultTab')}
        name="defaultTab"
        value={prefs.defaultTab}
        options={HOME_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        onChange={(value: HomeTab) => (preferences.defaultTab = value)}
      />
      <Choice
        legend={t('settings.layout')}
        name="layout"
        value={prefs.layout}
        options={(['standard', 'compact'] as const).map((value) => ({ value, label: t(`settings.layouts.${value}`) }))}
        onChange={(value: LayoutType) => (preferences.layout = value)}
      />
      <Choice
        legend={t('settings.acceptOddsChange')}
        name="acceptOddsChange"
        value={prefs.acceptOddsChange}
        wide
        options={ODDS_ACCEPTANCES.map((value) => ({ value, label: t(`settings.accept.${value}`) }))}
        onChange={(value: OddsChangeAcceptance) => (preferences.acceptOddsChange = value)}
      />
      <Choice
        legend={t('settings.quickBetAmount')}
        name="quickBetAmount"
        value={QUICK_BET_AMOUNTS.find((amount) => amount === quickAmount) ?? 0}
        options={QUICK_BET_AMOUNTS.map((value) => ({
          value,
          label: value === 0 ? t('settings.lastStake') : `₱${value.toLocaleString('en-PH')}`,
        }))}
        onChange={(value: number) => {
          rememberQuickStake(value);
          setQuickAmount(value);
        }}
      />
      <Choice
        legend={t('datasaver.legend')}
        name="dataSaver"
        value={saver.setting}
        options={DATA_SAVER_SETTINGS.map((value) => ({ value, label: t(`datasaver.settings.${value}`) }))}
        onChange={(value: DataSaverSetting) => chooseDataSaver(value)}
      />
      <p className={styles.note} role="status" data-testid="data-saver-status">
        {saver.reason === 'setting'
          ? t(saver.on ? 'datasaver.status.setting_on' : 'datasaver.status.setting_off')
          : t(`datasaver.status.${saver.reason}`)}{' '}
        {t('datasaver.explain')}
      </p>
      <Choice
        legend={t('privacy.settingsLegend')}
        name="analytics"
        value={analytics === 'granted' ? 'granted' : 'denied'}
        options={(['granted', 'denied'] as const).map((value) => ({ value, label: t(`privacy.${value}`) }))}
        onChange={(value: 'granted' | 'denied') => choosePrivacy(value)}
      />
      {notifications}
    </PageLayout>
  );
}
