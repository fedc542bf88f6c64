import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { refreshKycStatus } from '../api/kycStatus';
import { kyc } from '../stores/kyc';

/**
 * How far what the app holds about the player's verification can be trusted right now (issue 32: a page
 * never shows a wrong status while the real one loads):
 * - `current`: the server answered since this page was opened;
 * - `checking`: the last known status, being asked again now;
 * - `lastKnown`: the last known status, and asking again failed;
 * - `unknown`: nothing known yet, being asked;
 * - `failed`: nothing known, and asking failed.
 */
export type KycPhase = 'current' | 'checking' | 'lastKnown' | 'unknown' | 'failed';

export function kycPhase(state: { fresh: boolean; known: boolean; checkFailed: boolean }): KycPhase {
  if (state.fresh) return 'current';
  if (state.known) return state.checkFailed ? 'lastKnown' : 'checking';
  return state.checkFailed ? 'failed' : 'unknown';
}

/**
 * The KYC store for a page that shows the status: asks the server on arrival (not waiting for the
 * watcher, which starts after the first paint), and says how to word what it holds (`describe`): the
 * status as it is when current, marked as last known otherwise, 'Checking…' when nothing is known.
 */
export function useKycStatus() {
  const { t } = useTranslation();
  const info = useSnapshot(kyc);
  useEffect(() => void refreshKycStatus(), []);
  const phase = kycPhase(info);
  const describe = (value: string): string => {
    switch (phase) {
      case 'current':
        return value;
      case 'checking':
        return t('common.lastKnownChecking', { value });
      case 'lastKnown':
        return t('common.lastKnown', { value });
      case 'unknown':
        return t('common.checking');
      case 'failed':
        return t('common.checkFailed');
    }
  };
  return { info, phase, describe };
}
