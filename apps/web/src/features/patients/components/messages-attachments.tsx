import AttachFile from '@mui/icons-material/AttachFile';
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { type MessageAttachmentView, messages, messagesPanelTexts } from '@vigil/core';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { messageAttachmentQueryOptions, useMessageAttachment } from '../api/get-message-attachment';

const thumbnailSize = 96;

/** A blob URL for the blob while it is shown, revoked when it changes or the thumbnail goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** An image attachment as a thumbnail that opens the full image in a new tab. */
function AttachmentThumbnail({ attachment }: { attachment: MessageAttachmentView }) {
  const file = useMessageAttachment(attachment.url);
  const url = useObjectUrl(file.data);
  const frame = {
    width: thumbnailSize,
    height: thumbnailSize,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;
  if (file.isError) {
    return (
      <Box sx={frame} title={attachment.fileName}>
        <BrokenImageOutlined color="disabled" aria-label={attachment.fileName} />
      </Box>
    );
  }
  if (!url) {
    return (
      <Box sx={frame}>
        <CircularProgress size={20} aria-label={messagesPanelTexts.attachmentAlt(attachment.fileName)} />
      </Box>
    );
  }
  return (
    <Box component="a" href={url} target="_blank" rel="noopener" sx={frame} title={attachment.fileName}>
      <Box
        component="img"
        src={url}
        alt={messagesPanelTexts.attachmentAlt(attachment.fileName)}
        sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}

/** Any other file as a link that downloads it with the session's token. */
function AttachmentLink({ attachment }: { attachment: MessageAttachmentView }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function handleDownload(event: React.MouseEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const blob = await queryClient.fetchQuery(messageAttachmentQueryOptions(attachment.url));
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = attachment.fileName;
      anchor.click();
      // The browser has started the download by the next tick; the URL is no longer needed after it.
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch {
      showToast(messages.downloadFailed, 'error');
    } finally {
      setPending(false);
    }
  }

  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={handleDownload}
      disabled={pending}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        textAlign: 'left',
        overflowWrap: 'anywhere',
      }}
    >
      {pending ? <CircularProgress size={14} /> : <AttachFile fontSize="small" />}
      {attachment.fileName}
    </Link>
  );
}

const isImage = (attachment: MessageAttachmentView) => attachment.contentType.startsWith('image/');

/** A message's attachments: images as thumbnails, other files as links (issue 10). */
export function MessagesAttachments({ attachments }: { attachments: MessageAttachmentView[] }) {
  if (attachments.length === 0) return null;
  const images = attachments.filter(isImage);
  const files = attachments.filter((a) => !isImage(a));
  return (
    <Stack sx={{ gap: 0.5, mt: 0.5 }}>
      {images.length > 0 && (
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {images.map((a) => (
            <AttachmentThumbnail key={a.id} attachment={a} />
          ))}
        </Stack>
      )}
      {files.map((a) => (
        <AttachmentLink key={a.id} attachment={a} />
      ))}
    </Stack>
  );
}
