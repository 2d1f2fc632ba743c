import AttachFile from '@mui/icons-material/AttachFile';
import Cancel from '@mui/icons-material/Cancel';
import Send from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  maxMessageAttachmentBytes,
  messages,
  messagesPanelTexts,
  signedTextTooLong,
  textMessageTexts,
} from '@vigil/core';
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useSendMessage } from '../api/send-message';
import { useUploadMessageAttachment } from '../api/upload-message-attachment';

interface PendingAttachment {
  key: string;
  fileName: string;
  state: 'uploading' | 'ready' | 'refused';
  /** The upload's reference for the send call (its `uploadedAt`), once stored. */
  reference?: string;
  /** Its size in bytes, once stored. */
  size?: number;
  error?: string;
}

interface MessagesComposerProps {
  patientId: string;
  /** Why nothing can be sent (opted out, no texting number), or null. */
  blockedReason: string | null;
  /** The signature the server adds to the text, which counts towards its length. */
  signature: string;
  onSent: () => void;
}

const reasonOf = (error: unknown) =>
  error instanceof ApiError ? (error.data.message ?? messages.serverError) : messages.serverError;

/**
 * The composer (spec patients 4): text and attachments of any type, each uploaded as soon as it is picked and
 * removable before sending. Send is enabled only with text or an attachment, and not while sending; after a
 * send the composer clears. Text or attachments not yet sent are unsaved changes.
 */
export function MessagesComposer({ patientId, blockedReason, signature, onSent }: MessagesComposerProps) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const upload = useUploadMessageAttachment();
  const send = useSendMessage();
  const once = useSingleFlight();
  // Spec patients 4: attachments go up one by one, in the order they were picked.
  const uploads = useRef<Promise<unknown>>(Promise.resolve());
  const nextKey = useRef(0);

  const ready = attachments.filter((a) => a.state === 'ready');
  const uploading = attachments.some((a) => a.state === 'uploading');
  const hasContent = text.trim().length > 0 || ready.length > 0;
  // Said while typing, before Send, rather than by the server's refusal after it.
  const tooLong = signedTextTooLong(text, signature);
  const tooLarge = ready.reduce((sum, a) => sum + (a.size ?? 0), 0) > maxMessageAttachmentBytes;
  const blocked = blockedReason !== null;
  const guard = useUnsavedChangesGuard((text.trim().length > 0 || attachments.length > 0) && !send.isPending);
  const canSend = hasContent && !tooLong && !tooLarge && !uploading && !send.isPending && !blocked;
  const sendTooltip = canSend
    ? ''
    : blocked
      ? blockedReason
      : tooLong
        ? textMessageTexts.textTooLong
        : tooLarge
          ? textMessageTexts.attachmentsTooLarge
          : uploading
            ? messagesPanelTexts.waitForUploads
            : send.isPending
              ? ''
              : textMessageTexts.provideMessageOrAttachment;

  const update = (key: string, change: Partial<PendingAttachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same file may be picked again after being removed.
    event.target.value = '';
    for (const file of files) {
      nextKey.current += 1;
      const key = `upload-${nextKey.current}`;
      setAttachments((list) => [...list, { key, fileName: file.name, state: 'uploading' }]);
      uploads.current = uploads.current.then(() =>
        upload
          .mutateAsync({ patientId, file })
          .then(({ uploadedAt, attachment }) =>
            update(key, { state: 'ready', reference: uploadedAt, size: attachment.size }),
          )
          .catch((error: unknown) => update(key, { state: 'refused', error: reasonOf(error) })),
      );
    }
  }

  function handleSend() {
    if (!canSend) return;
    // One text per press, however fast the second comes; the error toast is the app's, and the text and
    // attachments stay for another try.
    once(() =>
      guard
        .saving(
          send.mutateAsync({ patientId, text: text.trim(), attachments: ready.map((a) => a.reference!) }),
        )
        .then(() => {
          setText('');
          setAttachments([]);
          onSent();
        }),
    );
  }

  function handleKeyDown(event: KeyboardEvent) {
    // Enter starts a new line; Ctrl+Enter (Cmd+Enter) sends, as in most messaging tools.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      handleSend();
    }
  }

  return (
    <Stack sx={{ gap: 1, mt: 1.5 }}>
      {guard.prompt}
      <TextField
        id={inputId}
        label={messagesPanelTexts.messageField}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        multiline
        minRows={2}
        maxRows={6}
        size="small"
        fullWidth
        disabled={blocked || send.isPending}
        error={tooLong}
        helperText={tooLong ? textMessageTexts.textTooLong : undefined}
      />
      {attachments.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          aria-label={messagesPanelTexts.attachments}
          sx={{ gap: 0.5, flexWrap: 'wrap', m: 0, p: 0, listStyle: 'none' }}
        >
          {attachments.map((a) => (
            <li key={a.key}>
              <Chip
                size="small"
                variant="outlined"
                color={a.state === 'refused' ? 'error' : 'default'}
                icon={
                  a.state === 'uploading' ? (
                    <CircularProgress size={14} aria-label={messagesPanelTexts.uploading(a.fileName)} />
                  ) : (
                    <AttachFile />
                  )
                }
                label={a.fileName}
                onDelete={() => setAttachments((list) => list.filter((x) => x.key !== a.key))}
                deleteIcon={<Cancel titleAccess={messagesPanelTexts.removeAttachment(a.fileName)} />}
                disabled={send.isPending}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Stack>
      )}
      {tooLarge && (
        <Typography variant="caption" color="error" role="alert">
          {textMessageTexts.attachmentsTooLarge}
        </Typography>
      )}
      {attachments
        .filter((a) => a.state === 'refused')
        .map((a) => (
          <Typography key={a.key} variant="caption" color="error" role="alert">
            {messagesPanelTexts.uploadRefused(a.fileName, a.error ?? '')}
          </Typography>
        ))}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <input ref={fileInput} type="file" multiple hidden onChange={handleFiles} />
        <Tooltip title={messagesPanelTexts.attachFiles}>
          <span>
            <IconButton
              aria-label={messagesPanelTexts.attachFiles}
              onClick={() => fileInput.current?.click()}
              disabled={blocked || send.isPending}
            >
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={sendTooltip}>
          {/* A disabled button gets no pointer events: the span carries the tooltip. */}
          <span style={{ marginLeft: 'auto' }}>
            <Button
              variant="contained"
              endIcon={<Send />}
              onClick={handleSend}
              disabled={!canSend}
              loading={send.isPending}
            >
              {messagesPanelTexts.send}
            </Button>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
