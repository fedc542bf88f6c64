import { useNavigate } from '@tanstack/react-router';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { STAT_FLOATING_BET_SLIP } from '../contract/constants';
import { events } from '../api/events';
import { betSlip } from '../features/betslip/store';
import { isLoggedIn } from '../stores/session';
import { openLogin, openOverlay } from '../stores/ui';
import { Icon } from '../ui/Icon';
import { useFloatingRoom } from './floatingRoom';
import styles from './FloatingBetSlip.module.css';

const SIZE = 56;
const MARGIN = 12;
/** A press that moves less than this is a tap, not a drag. */
const TAP_SLOP = 6;

/** Where the button may sit: inside the viewport, above the bottom navigation. */
export function clampPosition(x: number, y: number, viewport: { width: number; height: number }, bottomReserve: number) {
  return {
    x: Math.min(Math.max(MARGIN, x), viewport.width - SIZE - MARGIN),
    y: Math.min(Math.max(MARGIN, y), viewport.height - SIZE - MARGIN - bottomReserve),
  };
}

/**
 * The draggable bet-slip button (spec §2): bottom right, with the count badge; the page leaves room
 * under its list for it (floatingRoom.ts), so no price stays under it. A tap records a
 * statistic, asks a visitor to log in, opens the slip when it has selections, else goes to My Bets.
 */
export function FloatingBetSlip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orders } = useSnapshot(betSlip);
  const count = orders.length;
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  const drag = useRef<{ startX: number; startY: number; originX: number; originY: number; moved: boolean } | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  // The page leaves room under its list for the button where it sits (where it was dragged to).
  useFloatingRoom(ref, position);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    drag.current = { startX: event.clientX, startY: event.clientY, originX: rect.left, originY: rect.top, moved: false };
    // Keep receiving the moves when the finger leaves the button (not in every test DOM).
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state) return;
    const dx = event.clientX - state.startX;
    const dy = event.clientY - state.startY;
    if (!state.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    state.moved = true;
    setPosition(clampPosition(state.originX + dx, state.originY + dy, { width: innerWidth, height: innerHeight }, 60));
  };
  const onPointerUp = () => {
    const moved = drag.current?.moved ?? false;
    drag.current = null;
    if (!moved) onTap();
  };

  const onTap = () => {
    events.statistic(STAT_FLOATING_BET_SLIP, 'floatingBetSlip');
    if (!isLoggedIn()) {
      openLogin();
      return;
    }
    if (count > 0) openOverlay('betSlip');
    else void navigate({ to: '/betRecord' });
  };

  const style = position
    ? { left: position.x, top: position.y }
    : {
        right: `max(${MARGIN}px, calc((100vw - var(--app-max-w)) / 2 + ${MARGIN}px))`,
        bottom: 'calc(var(--bottom-nav-h) + var(--safe-bottom) + 16px)',
      };

  return (
    <button
      ref={ref}
      type="button"
      className={styles.button}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (drag.current = null)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onTap();
        }
      }}
      aria-label={count > 0 ? t('betSlip.count', { count }) : t('betSlip.open')}
      data-testid="floating-bet-slip"
    >
      <Icon name="slip" size={26} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}
