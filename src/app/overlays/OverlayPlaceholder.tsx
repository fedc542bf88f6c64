import { useTranslation } from 'react-i18next';
import { Sheet } from '../../ui/Sheet';
import type { OverlayComponentProps } from '../../stores/ui';

/** An overlay whose content a later release builds: its title and an honest note. */
export function OverlayPlaceholder({ id, onClose }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <Sheet title={t(`overlays.${id}`)} closeLabel={t('common.close')} onClose={onClose}>
      <p style={{ color: 'var(--c-text-dim)', padding: '8px 0 16px' }} data-testid={`overlay-${id}`}>
        {t('comingSoon.overlay')}
      </p>
    </Sheet>
  );
}
