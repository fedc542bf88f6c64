import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { FEATURE_EXPERIMENT, type FeatureGroup } from '../../contract/events';

/**
 * compare/group/assign (spec §7) for the /feature experiment: the device id is the screen's size (the
 * server adds the address it sees), so the same phone on the same network is always in the same group.
 */
export function screenDeviceId(): string {
  const ratio = Math.round(devicePixelRatio * 100) / 100;
  return `${Math.round(screen.width)}x${Math.round(screen.height)}x${ratio}`;
}

export const featureGroupQuery = queryOptions({
  queryKey: ['main', 'compare/group/assign', FEATURE_EXPERIMENT.name],
  queryFn: async (): Promise<FeatureGroup> => {
    const answer = await api.call<{ groupName: string }>('main', 'compare/group/assign', { deviceId: screenDeviceId() }, { quiet: true });
    const group = FEATURE_EXPERIMENT.groups.find((g) => g === answer.groupName);
    if (!group) throw new Error(`not a group of ${FEATURE_EXPERIMENT.name}: ${answer.groupName}`);
    return group;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});
