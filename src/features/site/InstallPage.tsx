import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { ui } from '../../stores/ui';
import { Button } from '../../ui/Button';
import styles from './InstallPage.module.css';

function isStandalone(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

/**
 * /download, /appdownload, /pwadownload: install Panalo to the home screen. On iOS it says that
 * notifications (Web Push) need the app on the home screen: Safari gives push to no open tab.
 */
export function InstallPage({ apk = false }: { apk?: boolean }) {
  const { t } = useTranslation();
  const { installPrompt } = useSnapshot(ui);
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const install = async () => {
    const prompt = ui.installPrompt;
    if (!prompt) return;
    await prompt.prompt();
    await prompt.userChoice.catch(() => undefined);
    ui.installPrompt = null;
  };
  return (
    <PageLayout>
      {apk && (
        <p className={styles.apk} data-testid="no-apk">
          {t('pwa.noApk')}
        </p>
      )}
      {isStandalone() ? (
        <Notice icon="download" title={t('pwa.installTitle')} description={t('pwa.installedAlready')} />
      ) : (
        <Notice
          icon="download"
          title={t('pwa.installTitle')}
          description={t('pwa.installBody')}
          note={installPrompt ? undefined : ios ? t('pwa.installManualIos') : t('pwa.installManualAndroid')}
        >
          {installPrompt && <Button onClick={() => void install()}>{t('pwa.installButton')}</Button>}
        </Notice>
      )}
      {ios && !isStandalone() && (
        // Safari on iPhone and iPad gives Web Push only to a web app added to the home screen (iOS 16.4+).
        <p className={styles.apk} data-testid="ios-push">
          {t('push.iosHomeScreen')}
        </p>
      )}
    </PageLayout>
  );
}

/**
 * /apkdownload: the Android package page. Panalo publishes no APK to sideload: the page says so plainly
 * and offers the installable app, which is the same Panalo, updates itself and needs no "install unknown
 * apps" permission.
 */
export function ApkDownloadPage() {
  return <InstallPage apk />;
}
