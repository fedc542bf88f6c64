import type { OverlayId } from '../../stores/ui';

export interface OverlayComponentProps {
  id: OverlayId;
  props: Record<string, unknown>;
  onClose: () => void;
}
