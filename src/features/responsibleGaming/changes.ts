import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { type RgStatus, rgHistoryQuery, rgStatusQuery } from './api';

/**
 * Runs a change (each answers the new status): the status query takes the answer, the history is read
 * again, the player hears it was saved. A refusal was already shown by the API client (the server's words).
 */
export function useChange() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { webToken } = useSnapshot(session);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, work: () => Promise<RgStatus>, done?: () => void) => {
    setBusy(name);
    try {
      const status = await work();
      queryClient.setQueryData(rgStatusQuery(webToken.token).queryKey, status);
      void queryClient.invalidateQueries({ queryKey: rgHistoryQuery.queryKey });
      showToast('success', t('rg.saved'));
      done?.();
    } catch {
      // Told already.
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
