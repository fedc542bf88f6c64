import { PageLayout } from '../../ui/PageLayout';
import { DepositForm } from './DepositForm';
import type { DepositSearch } from './search';

/** /wallet/deposit and /wallet-deposit-app (the partner app's page: the same, without the home chrome). */
export function DepositPage({ payType }: DepositSearch) {
  return (
    <PageLayout flush>
      <DepositForm payType={payType} />
    </PageLayout>
  );
}
