import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { type RgStatus, rgStatusQuiet, storeRgStatus } from '../../features/responsibleGaming/api';
import { LimitOfferDialog } from '../../features/responsibleGaming/LimitOfferDialog';
import { DepositPage } from '../../features/wallet/DepositPage';
import type { DepositSearch } from '../../features/wallet/search';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { session } from '../../stores/session';

/**
 * The deposit page with responsible gaming's deposit-limit offer, made once before the first deposit
 * (UKGC RTS 12, AGCO 2.23). The offer is part of this page, not a prompt that waits for a pause: it comes
 * with the page (its status is loaded by the route with the page's own data), so a first-time depositor
 * is asked before the form rather than seconds into it.
 */
export function DepositRoute(search: DepositSearch) {
  const loggedIn = useLoggedIn();
  const { webToken } = useSnapshot(session);
  const { data: status } = useQuery({ ...rgStatusQuiet(webToken.token), enabled: loggedIn });
  const [closed, setClosed] = useState(false);
  const offer = status?.limitOffer === 'firstDeposit' && !status.restriction && !closed;
  const answered = (next: RgStatus | null) => {
    setClosed(true);
    storeRgStatus(webToken.token, next);
  };
  return (
    <>
      <DepositPage {...search} />
      {offer && <LimitOfferDialog stage="firstDeposit" onDone={answered} withPage />}
    </>
  );
}
