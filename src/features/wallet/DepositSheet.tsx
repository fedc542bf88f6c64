import { useTranslation } from 'react-i18next';
import type { OverlayComponentProps } from '../../stores/ui';
import { Sheet } from '../../ui/Sheet';
import { DepositForm } from './DepositForm';

/** The deposit overlay of spec §2: GCash or Maya in a sheet over whatever page the player is on. */
export function DepositSheet({ onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <Sheet title={t('common.deposit')} closeLabel={t('common.close')} onClose={onClose} testId="deposit-sheet">
      <DepositForm compact onLeave={onClose} />
    </Sheet>
  );
}
