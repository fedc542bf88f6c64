import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { formatDateTime } from '../../lib/dates';
import { session } from '../../stores/session';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { tabStyles, useTabs } from '../../ui/Tabs';
import { type RgStatus, rgStatusQuery } from './api';
import { BreaksPanel } from './BreaksPanel';
import { FamilyExclusionForm } from './FamilyExclusionForm';
import { Helpline } from './Helpline';
import { HistoryPanel } from './HistoryPanel';
import { LimitsPanel } from './LimitsPanel';
import styles from './ResponsibleGaming.module.css';
import { RG_TABS, type RgTab } from './search';
import { CategoriesPanel, RemindersPanel } from './SettingsPanels';

/**
 * /responsibleGaming and /responsive-gaming: the helpline always; for a visitor what the tools do and the
 * family exclusion form; for a player the tools themselves (limits, breaks and self-exclusion, reminders,
 * games switched off, history, family exclusion). The server enforces every rule; this page explains
 * and changes them.
 */
export function ResponsibleGamingPage({ tab }: { tab?: RgTab | undefined }) {
  const loggedIn = useLoggedIn();
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <Helpline />
        {loggedIn ? <PlayerTools initial={tab ?? 'limits'} /> : <VisitorView />}
      </div>
    </PageLayout>
  );
}

/** A visitor: what the tools do, how to log in to use them, and the family exclusion form (open to anyone). */
function VisitorView() {
  const { t } = useTranslation();
  const rules = t('rg.visitorRules', { returnObjects: true }) as string[];
  return (
    <>
      <section className={styles.card}>
        <p className={styles.text}>{t('rg.intro')}</p>
        <ul className={styles.list}>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <Button onClick={() => openLogin({ type: 'sms' })}>{t('rg.visitorLogin')}</Button>
      </section>
      <FamilyExclusionForm />
    </>
  );
}

function PlayerTools({ initial }: { initial: RgTab }) {
  const { t } = useTranslation();
  const [chosen, setTab] = useState<RgTab>(initial);
  const { webToken } = useSnapshot(session);
  const { data: status, isPending, isError, refetch } = useQuery(rgStatusQuery(webToken.token));
  if (isPending) return <PageSkeleton label={t('common.loading')} lines={6} />;
  if (isError || !status)
    return (
      <Button variant="secondary" onClick={() => void refetch()}>
        {t('common.retry')}
      </Button>
    );
  const withdrawOnly = status.restriction !== null;
  // A withdraw-only login reads its limits and history, extends a self-exclusion, files a family request.
  const shown: readonly RgTab[] = withdrawOnly ? RG_TABS.filter((value) => value !== 'reminders' && value !== 'categories') : RG_TABS;
  const tab = shown.includes(chosen) ? chosen : shown[0]!;
  return <Tools status={status} withdrawOnly={withdrawOnly} shown={shown} tab={tab} setTab={setTab} />;
}

function Tools({
  status,
  withdrawOnly,
  shown,
  tab,
  setTab,
}: {
  status: RgStatus;
  withdrawOnly: boolean;
  shown: readonly RgTab[];
  tab: RgTab;
  setTab: (tab: RgTab) => void;
}) {
  const { t } = useTranslation();
  const tabs = useTabs(shown, tab, setTab);
  return (
    <>
      {withdrawOnly && <RestrictionCard status={status} />}
      <div className={`${tabStyles.tabs} ${styles.tabs}`} {...tabs.tabList(t('rg.tabs.label'))}>
        {shown.map((value) => (
          <button key={value} className={tabStyles.tab} {...tabs.tab(value)}>
            {t(`rg.tabs.${value}`)}
          </button>
        ))}
      </div>
      <div {...tabs.panel()} className={styles.panel}>
        {tab === 'limits' && <LimitsPanel status={status} readOnly={withdrawOnly} />}
        {tab === 'breaks' && <BreaksPanel status={status} withdrawOnly={withdrawOnly} />}
        {tab === 'reminders' && <RemindersPanel status={status} />}
        {tab === 'categories' && <CategoriesPanel status={status} />}
        {tab === 'history' && <HistoryPanel />}
        {tab === 'family' && <FamilyExclusionForm />}
      </div>
    </>
  );
}

/** While a break, an exclusion or a restriction holds: why, until when, and the way to withdraw. */
function RestrictionCard({ status }: { status: RgStatus }) {
  const { t, i18n } = useTranslation();
  const restriction = status.restriction!;
  const until = restriction.until ? formatDateTime(restriction.until, i18n.language) : '';
  return (
    <section className={`${styles.card} ${styles.warning}`} role="status" data-testid="rg-restriction">
      <p className={styles.text}>{t(`rg.restriction.${restriction.reason}`, { until })}</p>
      <p className={styles.dim}>{t('rg.restriction.withdrawOnly')}</p>
      <Link to="/withdraw" className={styles.call}>
        {t('rg.restriction.withdraw')}
      </Link>
    </section>
  );
}
