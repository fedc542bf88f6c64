import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { PushSettingsAnswer } from '../../contract/answers/push';
import { PUSH_KINDS, PushCall, type PushKind } from '../../contract/pushKinds';
import { api } from '../../api/instance';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { session } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { pushPermission, turnOnPush } from './webPush';
import styles from './PushSettings.module.css';

const settingsKey = (token: string) => ['push', PushCall.settings, token] as const;

/**
 * /settings' notifications (issue 38): this device's permission (turned on from a tap here, or how to
 * get it: blocked in the browser, iOS only from the home screen) and the player's switch for each kind,
 * kept on the server for all their devices.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const { webToken } = useSnapshot(session);
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState(pushPermission);
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({
    queryKey: settingsKey(webToken.token),
    queryFn: () => api.call<PushSettingsAnswer>('push', PushCall.settings, {}),
    enabled: loggedIn,
  });
  const save = useMutation({
    mutationFn: (kinds: Partial<Record<PushKind, boolean>>) => api.call<PushSettingsAnswer>('push', PushCall.saveSettings, { kinds }),
    onSuccess: (next) => {
      queryClient.setQueryData(settingsKey(webToken.token), next);
      showToast('success', t('push.saved'));
    },
  });
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const turnOn = async () => {
    setBusy(true);
    await turnOnPush().catch(() => false);
    setBusy(false);
    setPermission(pushPermission());
    void queryClient.invalidateQueries({ queryKey: settingsKey(webToken.token) });
  };

  return (
    <fieldset className={styles.group} data-testid="push-settings">
      <legend className={styles.legend}>{t('push.settingsLegend')}</legend>
      {!loggedIn ? (
        <p className={styles.note}>{t('push.loginFirst')}</p>
      ) : (
        <>
          <p className={styles.note}>{t('push.settingsIntro')}</p>
          {permission === 'unsupported' && <p className={styles.note}>{t(ios ? 'push.unsupportedIos' : 'push.unsupported')}</p>}
          {permission === 'denied' && <p className={styles.note}>{t('push.denied')}</p>}
          {permission === 'default' && (
            <Button block busy={busy} onClick={() => void turnOn()} data-testid="push-enable">
              {t('push.enable')}
            </Button>
          )}
          {permission === 'granted' && <p className={styles.note}>{t('push.enabled')}</p>}
          <ul className={styles.kinds}>
            {PUSH_KINDS.map((kind) => (
              <li key={kind}>
                <label className={styles.kind}>
                  <span>{t(`push.kinds.${kind}`)}</span>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={data?.kinds[kind] ?? true}
                    disabled={!data || save.isPending}
                    onChange={(event) => save.mutate({ [kind]: event.target.checked })}
                    data-testid={`push-kind-${kind}`}
                  />
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
