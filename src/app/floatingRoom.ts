import { type RefObject, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../stores/ui';
import { BOTTOM_NAV_ROUTES } from './BottomNav';

/** Space kept between the last row of a page and the floating button above it. */
const GAP = 8;

/** How far up from the bottom of the screen each floating button on the page reaches. */
const reaches = new Map<object, number>();

/**
 * The room a page leaves under its content for the floating chat and bet-slip buttons, so that scrolled
 * to the bottom its last row (and the prices on it) sits clear above them: the bottom padding of `#root`,
 * the app's element. Set on it alone (no inherited custom property), a change restyles that one element
 * and lays out only its box, not the whole page again. The bottom navigation's own room (the layouts pad
 * for it) is counted in.
 *
 * Only a button in the lower half of the screen asks for room: one the player dragged higher sits over
 * rows that can still scroll down past it, and the page should not grow an empty screen under its list.
 */
function apply(navShown: boolean) {
  const app = document.getElementById('root');
  if (!app) return;
  const reach = Math.max(0, ...reaches.values());
  const navHeight = navShown ? parseFloat(getComputedStyle(app).getPropertyValue('--bottom-nav-h')) || 0 : 0;
  const room = reach > 0 ? Math.max(0, Math.ceil(reach + GAP - navHeight)) : 0;
  const padding = room > 0 ? `${room}px` : '';
  if (app.style.paddingBottom !== padding) app.style.paddingBottom = padding;
}

/** Counts the floating button `ref` holds in the page's bottom room while it is shown; `position` is where it was dragged. */
export function useFloatingRoom(ref: RefObject<HTMLElement | null>, position?: unknown) {
  const { currentRouteName } = useSnapshot(ui);
  const navShown = BOTTOM_NAV_ROUTES.includes(currentRouteName);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const key = {};
    // Measured once the next frame is drawn, when its layout is done and reading it costs nothing. Read
    // while React commits, or in that frame's animation callbacks (which run before its layout), it forced
    // a layout of the whole page on top of the one the frame does anyway, in the same long task: the first
    // page's is the largest. The room is at the bottom of the page, under the last row, so a frame later
    // moves nothing in view.
    let frame = 0;
    let task: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
    const measure = () => {
      cancel();
      frame = requestAnimationFrame(() => {
        task = setTimeout(() => {
          const { top } = element.getBoundingClientRect();
          reaches.set(key, top > innerHeight / 2 ? innerHeight - top : 0);
          apply(navShown);
        });
      });
    };
    measure();
    addEventListener('resize', measure);
    return () => {
      cancel();
      removeEventListener('resize', measure);
      reaches.delete(key);
      apply(navShown);
    };
  }, [ref, position, navShown]);
}
