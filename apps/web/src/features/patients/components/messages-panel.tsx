import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  addressedAfterMs,
  type MessageView,
  messagesPanelTexts,
  type PatientDetailsView,
  textMessageTexts,
} from '@vigil/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMessages } from '../api/get-messages';
import { useSetLastAddressed } from '../api/set-last-addressed';
import { DetailsPanel } from './details-panel';
import { MessagesComposer } from './messages-composer';
import { MessagesConversation } from './messages-conversation';

/**
 * The Messages panel of the detail page (spec patients 2.6, 4, 9; issue 10): the conversation with the
 * patient over the clinic's texting number, the Addressed marks that clear the SMSUnseen alert, and the
 * composer. An opted-out patient, or one who cannot be texted, is shown as such and the composer is off.
 */
export function MessagesPanel({ patient }: { patient: PatientDetailsView }) {
  const conversation = useMessages(patient._id);
  const setLastAddressed = useSetLastAddressed();
  const [asking, setAsking] = useState<MessageView | null>(null);
  const [scrollToEnd, setScrollToEnd] = useState(0);
  const view = conversation.data;
  const blockedReason = view ? (view.optedOut ? textMessageTexts.optedOut : view.cannotText) : null;

  function handleConfirmAddressed() {
    if (!asking) return;
    const date = new Date(new Date(asking.date).getTime() + addressedAfterMs).toISOString();
    return setLastAddressed
      .mutateAsync({ patientId: patient._id, date })
      .catch(() => undefined)
      .finally(() => setAsking(null));
  }

  return (
    <DetailsPanel title={messagesPanelTexts.title}>
      {blockedReason && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {blockedReason}
        </Alert>
      )}
      {conversation.isPending ? (
        <Typography variant="body2" color="text.secondary">
          {messagesPanelTexts.loading}
        </Typography>
      ) : conversation.isError ? (
        <Alert severity="error">{conversation.error.message}</Alert>
      ) : (
        <MessagesConversation
          sms={conversation.data.sms}
          lastAddressed={conversation.data.lastAddressed}
          patientName={{ first: patient.firstName, last: patient.lastName }}
          scrollToEndSignal={scrollToEnd}
          onMarkAddressed={setAsking}
        />
      )}
      <MessagesComposer
        patientId={patient._id}
        blockedReason={conversation.isPending ? '' : blockedReason}
        signature={view?.signature ?? ''}
        onSent={() => setScrollToEnd((n) => n + 1)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={messagesPanelTexts.markAddressedTitle}
        text={textMessageTexts.confirmAddressed}
        confirmLabel={messagesPanelTexts.yes}
        cancelLabel={messagesPanelTexts.no}
        pending={setLastAddressed.isPending}
        onConfirm={handleConfirmAddressed}
        onCancel={() => setAsking(null)}
      />
    </DetailsPanel>
  );
}
