import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { customerServiceHref, navigateTo } from '../lib/navigation';
import { closeDialog, ui } from '../stores/ui';
import { Dialog } from '../ui/Dialog';

/** Shows the Tips dialogs any code opened with showDialog, one at a time. */
export function DialogHost() {
  const { t } = useTranslation();
  const { dialogs, currentRouteName } = useSnapshot(ui);
  const dialog = dialogs[0];
  if (!dialog) return null;
  const cancel =
    dialog.cancel === undefined
      ? { label: t('common.customerService'), action: () => navigateTo(customerServiceHref(currentRouteName, dialog.service)) }
      : dialog.cancel;
  return (
    <Dialog
      key={dialog.id}
      title={dialog.title}
      message={dialog.message}
      confirm={{
        label: dialog.confirm.label,
        onPress: () => {
          closeDialog(dialog.id);
          dialog.confirm.action?.();
        },
      }}
      cancel={
        cancel && {
          label: cancel.label,
          onPress: () => {
            closeDialog(dialog.id);
            cancel.action?.();
          },
        }
      }
    />
  );
}
