import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AvatarFile, avatarMaxBytes, errorMessages, labels } from '@vigil/core';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useUploadAvatar } from '../api/upload-avatar';

interface AvatarUploadProps {
  firstName: string;
  lastName: string;
  avatar: string | null;
  onUploaded: (url: string) => void;
}

/**
 * The profile image with its Add/Update button. The type (by name and MIME type: only jpg, jpeg, png) and
 * the size are checked here before anything is sent, and again by the server, the type from the bytes; the
 * server's refusal (415, 413) comes back as a toast, as every refused request does (spec administration 8).
 */
export function AvatarUpload({ firstName, lastName, avatar, onUploaded }: AvatarUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const helperId = useId();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen twice must fire change again.
    event.target.value = '';
    if (!file) return;
    const check = AvatarFile.safeParse({ fileName: file.name, mimeType: file.type });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? null);
      return;
    }
    if (file.size > avatarMaxBytes) {
      setError(errorMessages.avatarTooLarge);
      return;
    }
    setError(null);
    upload.mutate(file, { onSuccess: onUploaded });
  }

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={avatar ?? undefined}
        alt={labels.profileImage}
        sx={{ width: 72, height: 72, bgcolor: 'primary.light', fontSize: '1.5rem' }}
      >
        {`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()}
      </Avatar>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>{labels.profileImage}</Typography>
        <Button
          variant="outlined"
          size="small"
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby={helperId}
        >
          {avatar ? labels.update : labels.add}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-label={labels.profileImage}
          onChange={handleChange}
        />
        <FormHelperText id={helperId} error={Boolean(error)} sx={{ m: 0 }}>
          {error ?? 'JPG or PNG, up to 5 MB'}
        </FormHelperText>
      </Stack>
    </Stack>
  );
}
