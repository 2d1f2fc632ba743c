import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Schedule from '@mui/icons-material/Schedule';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type MessageView, messagesPanelTexts } from '@vigil/core';
import { formatDateTime } from './details-format';
import { MessagesAttachments } from './messages-attachments';

const initials = (first: string, last: string) =>
  `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';

/** Spec patients 4: a patient message is addressed when its date is on or before lastAddressed. */
export const isAddressed = (message: MessageView, lastAddressed: string | null) =>
  lastAddressed !== null && new Date(message.date).getTime() <= new Date(lastAddressed).getTime();

const isProductText = (message: MessageView) => message.type === 'RECEIVED' && message.kind !== 'staff';

function Sender({
  message,
  patientName,
}: {
  message: MessageView;
  patientName: { first: string; last: string };
}) {
  if (message.type === 'SENT') {
    return (
      <>
        <Avatar sx={{ width: 32, height: 32, fontSize: '0.85rem', bgcolor: 'secondary.main' }} aria-hidden>
          {initials(patientName.first, patientName.last)}
        </Avatar>
        <Typography variant="subtitle2" component="span">
          {`${patientName.first} ${patientName.last}`}
        </Typography>
      </>
    );
  }
  if (isProductText(message)) {
    return (
      <>
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'grey.500' }} aria-hidden>
          <SmartToyOutlined fontSize="small" />
        </Avatar>
        <Typography variant="subtitle2" component="span">
          {messagesPanelTexts.automated}
        </Typography>
      </>
    );
  }
  const user = message.fromUser;
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <>
      <Avatar
        src={user?.avatar ?? undefined}
        sx={{ width: 32, height: 32, fontSize: '0.85rem', bgcolor: 'primary.main' }}
        aria-hidden
      >
        {user ? initials(user.firstName, user.lastName) : '?'}
      </Avatar>
      <Typography variant="subtitle2" component="span">
        {name}
      </Typography>
    </>
  );
}

/** Where an outbound text is: queued, sent, delivered, or failed with the reason. */
function DeliveryStatus({ message }: { message: MessageView }) {
  const label = messagesPanelTexts.status[message.status] ?? message.status;
  const failed = message.status === 'failed' || message.status === 'undelivered';
  const Icon = failed ? ErrorOutline : message.status === 'delivered' ? CheckCircleOutline : Schedule;
  return (
    <Typography
      variant="caption"
      color={failed ? 'error' : 'text.secondary'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <Icon sx={{ fontSize: 14 }} aria-hidden />
      {failed && message.errorMessage
        ? messagesPanelTexts.statusWithReason(label, message.errorMessage)
        : label}
    </Typography>
  );
}

interface MessagesItemProps {
  message: MessageView;
  patientName: { first: string; last: string };
  lastAddressed: string | null;
  onMarkAddressed: (message: MessageView) => void;
}

/**
 * One text of the conversation: the patient's on the left with its Addressed checkbox, the clinic's on the
 * right with its delivery status; the product's own texts (welcome, reminder) say so.
 */
export function MessagesItem({ message, patientName, lastAddressed, onMarkAddressed }: MessagesItemProps) {
  const fromPatient = message.type === 'SENT';
  const when = formatDateTime(message.date);
  const addressed = fromPatient && isAddressed(message, lastAddressed);
  const kindLabel = isProductText(message) ? messagesPanelTexts.kinds[message.kind] : undefined;
  return (
    <Box
      component="li"
      data-message-id={message._id}
      sx={{
        listStyle: 'none',
        display: 'flex',
        justifyContent: fromPatient ? 'flex-start' : 'flex-end',
      }}
    >
      <Box
        sx={{
          maxWidth: { xs: '92%', sm: '80%' },
          minWidth: 0,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: (theme) =>
            fromPatient
              ? theme.palette.background.paper
              : isProductText(message)
                ? theme.palette.grey[100]
                : alpha(theme.palette.primary.main, 0.1),
          border: 1,
          borderStyle: isProductText(message) ? 'dashed' : 'solid',
          borderColor: 'divider',
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Sender message={message} patientName={patientName} />
          {kindLabel && <Chip size="small" variant="outlined" label={kindLabel} />}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.date}>
            {when}
          </Typography>
        </Stack>
        {message.text && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
            {message.text}
          </Typography>
        )}
        <MessagesAttachments attachments={message.attachments} />
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.25, minHeight: 20 }}
        >
          {fromPatient ? (
            <FormControlLabel
              sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.75rem' } }}
              control={
                <Checkbox
                  size="small"
                  checked={addressed}
                  disabled={addressed}
                  onChange={() => onMarkAddressed(message)}
                  slotProps={{ input: { 'aria-label': messagesPanelTexts.markAddressed(when) } }}
                  sx={{ p: 0.5 }}
                />
              }
              label={messagesPanelTexts.addressed}
            />
          ) : (
            <DeliveryStatus message={message} />
          )}
        </Stack>
      </Box>
    </Box>
  );
}
