import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { events } from '../../api/events';
import { useSnapshot } from 'valtio';
import { logoutLocally } from '../../features/auth/logout';
import { sendToNative } from '../../lib/nativeBridge';
import { customerServiceHref, navigateTo } from '../../lib/navigation';
import { partnerFromHost } from '../../lib/partner';
import { isFromGlife, isFromLazada, isNativeApp } from '../../stores/origin';
import { openLogin, ui } from '../../stores/ui';
import { Dialog } from '../../ui/Dialog';
import type { OverlayComponentProps } from '../../stores/ui';
import { isLoginRequiredRoute } from '../routes/lookup';

/**
 * Session-expired dialog (spec §8): 'Re-login' with a close icon. Confirming goes to the native app's
 * home when it opened us, to the partner's origin for partner sites, else opens login. Closing on a
 * login-required page returns to /.
 */
export function SessionExpiredDialog({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  const { currentRouteName } = useSnapshot(ui);
  const confirm = () => {
    onClose();
    if (isNativeApp()) sendToNative('home');
    else if (isFromGlife() || isFromLazada() || partnerFromHost(location.hostname)) location.assign(location.origin);
    else openLogin();
  };
  const dismiss = () => {
    onClose();
    if (isLoginRequiredRoute(currentRouteName)) navigateTo('/', { replace: true });
  };
  return (
    <Dialog
      title={t('dialog.sessionExpiredTitle')}
      message={t('dialog.sessionExpiredMessage')}
      confirm={{ label: t('dialog.relogin'), onPress: confirm }}
      cancel={{ label: t('common.close'), onPress: dismiss }}
      onDismiss={dismiss}
    />
  );
}

/** Mobile-number-changed dialog (spec §8): 'TIPS', with Login and Logout. */
export function MobileChangedDialog({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  // The login was ended for the account's safety: a necessary event (security; listed in the privacy text).
  useEffect(() => events.necessary('sessionEnded'), []);
  return (
    <Dialog
      title={t('dialog.TIPS')}
      message={t('dialog.mobileChangedMessage')}
      confirm={{
        label: t('common.login'),
        onPress: () => {
          onClose();
          logoutLocally();
          openLogin();
        },
      }}
      cancel={{
        label: t('common.logout'),
        onPress: () => {
          onClose();
          logoutLocally();
          navigateTo('/', { replace: true });
        },
      }}
    />
  );
}

/** Frequent-request dialog (spec §8: HTTP 429 or 439). */
export function FrequentRequestDialog({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('dialog.frequentTitle')}
      message={t('dialog.frequentMessage')}
      confirm={{ label: t('common.ok'), onPress: onClose }}
      cancel={{
        label: t('common.customerService'),
        onPress: () => {
          onClose();
          navigateTo(customerServiceHref(ui.currentRouteName));
        },
      }}
      onDismiss={onClose}
    />
  );
}
