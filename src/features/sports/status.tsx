import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api/instance';
import { Notice } from '../../ui/Notice';
import { HONG_KONG_MARKET_CHECK_THROTTLE_MS } from '../../contract/constants';
import { OddsType } from '../../contract/sports';
import { preferences } from '../../stores/preferences';
import { isOverlayOpen, openOverlay, type OverlayComponentProps } from '../../stores/ui';
import { Dialog } from '../../ui/Dialog';

/** The sportsbook's own maintenance switch (saba/maintenanceStatus), checked every minute while a sports page is open. */
const maintenanceQuery = queryOptions({
  queryKey: ['tp', 'saba/maintenanceStatus'],
  queryFn: () => api.call<{ maintenance: boolean }>('tp', 'saba/maintenanceStatus', {}, { quiet: true }),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

const hongKongQuery = queryOptions({
  queryKey: ['tp', 'saba/hongkongMarketStatus'],
  queryFn: () => api.call<{ stopped: boolean }>('tp', 'saba/hongkongMarketStatus', {}, { quiet: true }),
  // Spec §9: the Hong Kong market check is throttled to once every 3 s.
  staleTime: HONG_KONG_MARKET_CHECK_THROTTLE_MS,
  refetchInterval: 60_000,
});

/** Shown instead of the markets while the sportsbook is under maintenance. */
export function SportsbookMaintenance() {
  const { t } = useTranslation();
  return <Notice icon="tools" title={t('sports.maintenanceTitle')} description={t('sports.maintenanceText')} role="status" />;
}

export function useSportsbookMaintenance(): boolean {
  return useQuery(maintenanceQuery).data?.maintenance === true;
}

/** Told once per visit: the popup does not come back on every page while the market stays stopped. */
let toldHongKongStopped = false;

/** A player who reads Hong Kong odds is told when that market stops (spec §2 overlay 'Hong Kong market stopped'). */
export function useHongKongMarketCheck(): void {
  const { oddsType } = useSnapshot(preferences);
  const hongKong = oddsType === OddsType.HongKong;
  const { data } = useQuery({ ...hongKongQuery, enabled: hongKong });
  const stopped = hongKong && data?.stopped === true;
  useEffect(() => {
    if (!stopped || toldHongKongStopped || isOverlayOpen('hongKongMarketStopped')) return;
    toldHongKongStopped = true;
    openOverlay('hongKongMarketStopped');
  }, [stopped]);
}

/** The 'Hong Kong market stopped' popup: switch to decimal odds, or keep reading Hong Kong prices. */
export function HongKongMarketStoppedDialog({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('overlays.hongKongMarketStopped')}
      message={t('sports.hongKongStopped')}
      confirm={{
        label: t('sports.useDecimal'),
        onPress: () => {
          preferences.oddsType = OddsType.Decimal;
          onClose();
        },
      }}
      cancel={{ label: t('common.close'), onPress: onClose }}
      onDismiss={onClose}
    />
  );
}
