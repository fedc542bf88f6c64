import { DeleteAccountPage } from '../../features/account/DeleteAccountPage';
import { logoutLocally } from '../../features/auth/logout';

/** /deleteAccount with auth's logout once the account is closed (composed here: features do not import each other). */
export function DeleteAccountRoute() {
  return <DeleteAccountPage onClosed={logoutLocally} />;
}
