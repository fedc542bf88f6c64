import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { ui } from '../../stores/ui';
import { Button } from '../../ui/Button';

function isStandalone(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

/** /download, /appdownload, /pwadownload: install Panalo to the home screen. */
export function InstallPage() {
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
    </PageLayout>
  );
}
