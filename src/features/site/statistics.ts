import { api } from '../../api/instance';
import type { StatisticsType } from '../../contract/constants';

/**
 * Records a page or tap statistic (spec §7 customer/pvUvStatistics; §9 statistics types 59, 60, 61).
 * Fire and forget: a statistic never delays or interrupts the player.
 */
export function recordStatistic(type: StatisticsType, event: string): void {
  api.call('main', 'customer/pvUvStatistics', { type, event, page: location.pathname }, { quiet: true }).catch(() => undefined);
}
