import { type RefObject, useEffect } from 'react';
import { events } from '../api/events';

/**
 * Records the exposure of the element behind `ref` (spec §7 batch exposure, type 60): seen when half of
 * it is on screen, once per session per feature id (and calendar id); nothing while `featureId` is
 * undefined. The observer lives in the event module, loaded after the first paint.
 */
export function useExposure(ref: RefObject<Element | null>, featureId: string | undefined, calendarId?: string): void {
  useEffect(
    () => (featureId && ref.current ? events.exposure(ref.current, featureId, calendarId) : undefined),
    [ref, featureId, calendarId],
  );
}
