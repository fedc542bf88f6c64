import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { proxy, ref } from 'valtio/vanilla';
import { StorageKey } from '../contract/storageKeys';
import { type SecurityPromptDecision, securityPrompt, securityPromptVariant } from '../features/auth/securityPrompt';
import { balanceQuery } from '../features/wallet/balance';
import { formatCentavos } from '../lib/money';
import { navigateTo } from '../lib/navigation';
import { local } from '../lib/storage';
import { attention, isPromptMoment } from '../stores/attention';
import { pay } from '../stores/pay';
import { session } from '../stores/session';
import { siteInfo } from '../stores/siteInfo';
import { ui } from '../stores/ui';
import { Dialog } from '../ui/Dialog';

type Shown = Record<string, number>;
/** The decision, and whose: a prompt never outlives its player's login. */
type Open = Extract<SecurityPromptDecision, { show: true }> & { loginName: string };

/** The prompt on screen, if any (a store, not component state: the rule decides from outside React's render). */
const prompt = proxy({ open: null as Open | null });
const close = () => {
  prompt.open = null;
};

/**
 * The security prompt (spec §4/§8), asked of the pure rule in features/auth on the pages where the
 * balance is played or paid in: 'Dear customer, we have detected that your account has not completed
 * security settings...', leading to the withdrawal password or the phone. When it was last shown is kept
 * per player on this device, so it comes at most once per 24 hours. It opens at a natural pause only:
 * a balance that just crossed the amount after a payment waits until the player has left its outcome.
 */
export function SecurityPrompt() {
  const { t } = useTranslation();
  const { currentRouteName } = useSnapshot(ui);
  const { user, webToken } = useSnapshot(session);
  const { balance } = useSnapshot(pay);
  const { data: site } = useSnapshot(siteInfo);
  const { open } = useSnapshot(prompt);
  // At a natural pause only (src/stores/attention.ts): never over a form, a payment or its outcome.
  const moment = isPromptMoment(useSnapshot(attention));

  const loginName = user?.loginName ?? '';
  const variant = securityPromptVariant(currentRouteName);
  // The rule needs the balance: a page of its own (a deposit page opened directly) may not have asked for it.
  useQuery({ ...balanceQuery, enabled: Boolean(variant && loginName && balance === null) });
  useEffect(() => {
    if ((open && open.loginName === loginName) || !variant || !loginName || !moment) return;
    const shown = local.get<Shown>(StorageKey.securityPrompt, {});
    const decision = securityPrompt({
      loggedIn: Boolean(webToken.token),
      hasWithdrawPassword: user?.withdrewPwd ?? false,
      hasPhone: Boolean(user?.mobileNo),
      balance,
      securityAmount: site.securityAmount,
      variant,
      lastShownAt: shown[loginName] ?? null,
      now: Date.now(),
    });
    if (!decision.show) return;
    local.set(StorageKey.securityPrompt, { ...shown, [loginName]: Date.now() });
    prompt.open = ref({ ...decision, loginName });
  }, [open, variant, loginName, webToken.token, user?.withdrewPwd, user?.mobileNo, balance, site.securityAmount, moment]);

  if (!open || open.loginName !== loginName || !webToken.token) return null;
  const what = open.missing.length === 2 ? 'both' : open.missing[0]!;
  return (
    <Dialog
      title={t('security.prompt.title')}
      message={t('security.prompt.message', { amount: formatCentavos(open.threshold), what: t(`security.prompt.${what}`) })}
      confirm={{
        label: t(open.leadTo === '/setWithdrawPwd' ? 'security.prompt.toWithdrawPassword' : 'security.prompt.toPhone'),
        onPress: () => {
          const to = open.leadTo;
          close();
          navigateTo(to);
        },
      }}
      cancel={{ label: t('security.prompt.later'), onPress: close }}
      onDismiss={close}
      unasked
    />
  );
}
