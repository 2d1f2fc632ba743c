import { deviceLabels, toasts } from '@vigil/core';
import { type RefObject, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useDeactivateDevice } from '../api/deactivate-device';
import { useDeleteDevice } from '../api/delete-device';
import { useUnlinkDevice } from '../api/unlink-device';
import { deviceIdText, macAddressText, patientName } from '../device-view';
import type { DeviceAction } from './device-table';

/** A row action that changes the device for good, asked before it is done. */
export type ConfirmedAction = DeviceAction & { kind: 'delete' | 'unlink' | 'deactivate' };

interface DeviceActionDialogProps {
  action: ConfirmedAction | null;
  onClose: () => void;
  /** Where focus goes when the action took away the row whose menu asked for it. */
  focusAfter: RefObject<HTMLElement | null>;
}

/**
 * Delete, Unlink and Deactivate from the row menu, each confirmed first, then the spec's toast ('Device
 * deleted', 'Device unlinked', 'Device deavtivated'). A failure shows the server's message (app/api-errors).
 */
export function DeviceActionDialog({ action, onClose, focusAfter }: DeviceActionDialogProps) {
  const deleteDevice = useDeleteDevice();
  const unlinkDevice = useUnlinkDevice();
  const deactivateDevice = useDeactivateDevice();
  const pending = deleteDevice.isPending || unlinkDevice.isPending || deactivateDevice.isPending;

  // The question keeps its words while the dialog fades out after the action is done.
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const device = shown?.device;
  const serial = device ? deviceIdText(device) || macAddressText(device) : '';
  const question = {
    delete: {
      title: deviceLabels.deleteDevice,
      text: deviceLabels.confirmDelete(serial),
      confirm: deviceLabels.delete,
    },
    unlink: {
      title: deviceLabels.unlinkDevice,
      text: deviceLabels.confirmUnlink(serial, device ? patientName(device) : ''),
      confirm: deviceLabels.unlink,
    },
    deactivate: {
      title: deviceLabels.deactivateDevice,
      text: deviceLabels.confirmDeactivate(serial),
      confirm: deviceLabels.deactivate,
    },
  }[shown?.kind ?? 'delete'];

  async function run(current: ConfirmedAction): Promise<string> {
    const { device } = current;
    switch (current.kind) {
      case 'delete':
        await deleteDevice.mutateAsync(device._id);
        return toasts.deviceDeleted;
      case 'unlink':
        await unlinkDevice.mutateAsync({ brand: device.brand, deviceObjectId: device._id });
        return toasts.deviceUnlinked;
      case 'deactivate':
        await deactivateDevice.mutateAsync({
          deviceObjectId: device._id,
          ...(device.patientId ? { patientId: device.patientId._id } : {}),
        });
        return toasts.deviceDeactivated;
    }
  }

  function handleConfirm() {
    if (!action) return;
    return (
      run(action)
        .then((message) => showToast(message, 'success'))
        // The error toast comes from the query client; the dialog closes either way.
        .catch(() => undefined)
        .finally(onClose)
    );
  }

  return (
    <ConfirmDialog
      open={action !== null}
      title={question.title}
      text={question.text}
      confirmLabel={question.confirm}
      pending={pending}
      destructive
      onConfirm={handleConfirm}
      onCancel={onClose}
      focusAfter={focusAfter}
    />
  );
}
