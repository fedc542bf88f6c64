import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CUSTOMER_SERVICE_PATH, customerServiceSearch } from '../lib/navigation';
import { ui } from '../stores/ui';
import { Icon } from '../ui/Icon';
import { useFloatingRoom } from './floatingRoom';
import { BET_SLIP_ROUTES } from './routes/table';
import styles from './ServiceChatEntry.module.css';

/**
 * The customer-service chat entry, shown only on Home_foryou, Home_sports, Home_games and Account
 * (spec §2). It floats over the page, so it is a landmark of its own (complementary), and the page
 * leaves room under its list for it (floatingRoom.ts).
 */
export function ServiceChatEntry() {
  const { t } = useTranslation();
  const { currentRouteName } = useSnapshot(ui);
  const ref = useRef<HTMLAnchorElement>(null);
  // Sits above the bet-slip button where there is one, in its place where there is not.
  const low = !BET_SLIP_ROUTES.includes(currentRouteName);
  useFloatingRoom(ref, low);
  return (
    <aside aria-label={t('serviceChat.region')}>
      <Link
        ref={ref}
        to={CUSTOMER_SERVICE_PATH}
        search={customerServiceSearch(currentRouteName)}
        className={`${styles.entry} ${low ? styles.low : ''}`}
        aria-label={t('serviceChat.open')}
        data-testid="service-chat"
      >
        <Icon name="chat" />
      </Link>
    </aside>
  );
}
