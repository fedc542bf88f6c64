import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/client';
import type { BotStatusAnswer } from '../../contract/partners';
import { formatDateTime } from '../../lib/dates';
import { isLoggedIn, session } from '../../stores/session';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { botStatus, botUnlink } from './api';
import styles from './Partners.module.css';

const BOT_STATUS_KEY = ['main', 'partner/botStatus'] as const;

/**
 * /bobotSwitch (route name bobotSwitch, "Bot Settings", issue 36): the messaging bot's switch. It says
 * whether the Panalo bot on Viber is linked to this account (the bot links a Viber user who shares the
 * account's number, then sends buttons that log in with a one-time sessionId); the switch turns the link
 * off (its links not yet used stop working); linking again happens in the bot, which this page opens.
 */
export function BotSwitchPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  return (
    <PageLayout title={t('hosts.bot.title')}>
      {isLoggedIn(snap) ? (
        <BotSettings />
      ) : (
        <Notice icon="info" title={t('hosts.bot.title')} description={t('hosts.bot.loginFirst')}>
          <Button onClick={() => openLogin({ redirectTo: '/bobotSwitch' })}>{t('hosts.bot.login')}</Button>
        </Notice>
      )}
    </PageLayout>
  );
}

function BotSettings() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: BOT_STATUS_KEY, queryFn: botStatus });
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'good' | 'bad'; text: string } | undefined>();

  const turnOff = async () => {
    setBusy(true);
    setSaid(undefined);
    try {
      const answer = await botUnlink();
      queryClient.setQueryData<BotStatusAnswer>(BOT_STATUS_KEY, answer);
      setSaid({ tone: 'good', text: t('hosts.bot.unlinked') });
    } catch (error) {
      setSaid({ tone: 'bad', text: error instanceof ApiError ? error.message : t('hosts.bot.loadFailed') });
    } finally {
      setBusy(false);
    }
  };

  if (status.isError) return <Notice icon="info" role="alert" title={t('hosts.bot.loadFailed')} />;
  const data = status.data;
  return (
    <div className={styles.form}>
      <p className={styles.cardText}>{t('hosts.bot.intro')}</p>
      <section className={styles.card} aria-labelledby="bot-switch">
        <label className={styles.switchRow}>
          <span id="bot-switch" className={styles.cardTitle}>
            {t('hosts.bot.switchLabel')}
          </span>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={data?.linked ?? false}
            disabled={!data?.linked || busy}
            aria-describedby="bot-state"
            onChange={(event) => {
              if (!event.target.checked) void turnOff();
            }}
          />
        </label>
        <p id="bot-state" className={styles.linked} data-testid="bot-state">
          {!data
            ? '…'
            : data.linked
              ? `${t('hosts.bot.linked', { date: formatDateTime(data.linkedAt, i18n.language) })} ${t('hosts.bot.unlinkHint')}`
              : `${t('hosts.bot.notLinked')} ${data.botUrl ? t('hosts.bot.linkHint') : ''}`}
        </p>
      </section>
      {said && (
        <p role={said.tone === 'bad' ? 'alert' : 'status'} className={said.tone === 'bad' ? styles.bad : styles.good}>
          {said.text}
        </p>
      )}
      {data &&
        (data.botUrl ? (
          <a href={data.botUrl} className={`${buttonStyles.button} ${data.linked ? buttonStyles.secondary : ''}`}>
            {t('hosts.bot.open')}
          </a>
        ) : (
          <p className={styles.linked}>{t('hosts.bot.unavailable')}</p>
        ))}
    </div>
  );
}
