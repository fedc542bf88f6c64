import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../contract/social';
import { hostCapabilities } from '../../stores/origin';
import { Button } from '../../ui/Button';
import styles from './LoginDialog.module.css';
import { startSocialLogin } from './socialApi';

const NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

/**
 * "Continue with Google" and "Continue with Apple" under the login dialog's form (issue 36). Not offered
 * where the host's web view cannot open the provider (mini-app hosts, the native shell: their capability
 * table says no social login).
 */
export function SocialButtons({ returnTo }: { returnTo: string | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SocialProvider | undefined>();
  if (!hostCapabilities().socialLogin) return null;
  const start = async (provider: SocialProvider) => {
    setBusy(provider);
    try {
      await startSocialLogin(provider, returnTo ?? `${location.pathname}${location.search}`);
    } catch {
      // The API client already told the player what went wrong.
      setBusy(undefined);
    }
  };
  return (
    <div className={styles.social}>
      <p className={styles.or}>
        <span>{t('social.or')}</span>
      </p>
      {(['google', 'apple'] as const).map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          block
          busy={busy === provider}
          disabled={busy !== undefined}
          onClick={() => void start(provider)}
        >
          {t('social.continueWith', { provider: NAMES[provider] })}
        </Button>
      ))}
    </div>
  );
}
