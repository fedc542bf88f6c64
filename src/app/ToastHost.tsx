import { useSnapshot } from 'valtio';
import { dismissToast, ui } from '../stores/ui';
import { ToastStack } from '../ui/Toast';

export function ToastHost() {
  const { toasts } = useSnapshot(ui);
  return <ToastStack toasts={toasts} onDone={dismissToast} />;
}
