import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type FormAdminFolderView,
  type FormAdminView,
  type FormInput,
  type FormKind,
  formTexts,
} from '@vigil/core';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { CancelButton } from '../../../components/cancel-button';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { apiBase } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { ManageCopyField } from './manage-copy-field';
import { ManageFormPreview } from './manage-form-preview';
import {
  type ManageFormValues,
  manageFormResolver,
  manageFormValues,
  parseDefinition,
} from './manage-form-values';
import { manageLabels } from './manage-labels';
import { ManagePrefillRows } from './manage-prefill-rows';

const kindOptions: readonly { value: FormKind; label: string }[] = [
  { value: 'HOSTED', label: formTexts.hosted },
  { value: 'EXTERNAL', label: formTexts.external },
];

const webhookUrl = (formId: string) =>
  `${window.location.origin}${apiBase}/webhooks/forms/${encodeURIComponent(formId)}`;

interface ManageFormDialogProps {
  open: boolean;
  /** The form being edited, or null for a new one. */
  form: FormAdminView | null;
  folders: readonly FormAdminFolderView[];
  /** The folder a new form goes in unless the admin picks another. */
  folderId: string;
  pending: boolean;
  /** Resolves once saved; rejects with the API error, so the server's field messages show on their fields. */
  onSave: (input: FormInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * New Form and Edit Form: title, folder, kind; a hosted form's SurveyJS JSON beside a live preview, an
 * external form's URL and (once created) its webhook URL and secret; the prefill parameters; retired.
 */
export function ManageFormDialog({
  open,
  form,
  folders,
  folderId,
  pending,
  onSave,
  onClose,
}: ManageFormDialogProps) {
  const titleId = useId();
  const kindLabelId = useId();
  const previewId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<
    ManageFormValues,
    unknown,
    FormInput
  >({
    resolver: manageFormResolver,
    defaultValues: manageFormValues(form, folderId),
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !pending);

  useEffect(() => {
    if (open) reset(manageFormValues(form, folderId));
  }, [open, form, folderId, reset]);

  const kind = useWatch({ control, name: 'kind' });
  const definitionText = useDeferredValue(useWatch({ control, name: 'definition' }));
  const parsed = useMemo(() => parseDefinition(definitionText), [definitionText]);
  // The preview keeps the last definition that parsed while the JSON is being typed.
  const [preview, setPreview] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    if (parsed.value) setPreview(parsed.value);
  }, [parsed]);

  const handleClose = () => {
    if (!pending) guard.confirmDiscard(onClose);
  };

  const fieldNames = (): Path<ManageFormValues>[] => [
    'title',
    'folderId',
    'kind',
    'definition',
    'url',
    'retired',
    ...getValues('prefill').flatMap((_, i) => [
      `prefill.${i}.param` as const,
      `prefill.${i}.source` as const,
    ]),
  ];

  // One form per press, however fast the second press (or Enter) comes.
  const submitOnce = useSubmitOnce(
    handleSubmit((input) =>
      guard
        .saving(onSave(input))
        .catch((error: unknown) => showServerFieldErrors(error, setError, fieldNames())),
    ),
  );
  return (
    <>
      <Dialog
        open={open}
        onClose={handleClose}
        aria-labelledby={titleId}
        maxWidth="lg"
        fullWidth
        fullScreen={fullScreen}
      >
        <DialogTitle id={titleId}>{form ? manageLabels.editForm : formTexts.newForm}</DialogTitle>
        <Box component="form" noValidate sx={{ display: 'contents' }} onSubmit={submitOnce}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={3} sx={{ pt: 1 }}>
              <Grid container spacing={2.5}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormTextField
                    control={control}
                    name="title"
                    label={manageLabels.title}
                    required
                    fullWidth
                    autoFocus
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormTextField
                    control={control}
                    name="folderId"
                    label={manageLabels.folder}
                    select
                    required
                    fullWidth
                  >
                    {folders.map((folder) => (
                      <MenuItem key={folder._id} value={folder._id}>
                        {folder.name}
                      </MenuItem>
                    ))}
                  </FormTextField>
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Controller
                    control={control}
                    name="kind"
                    render={({ field }) => (
                      <FormControl disabled={form !== null}>
                        <FormLabel id={kindLabelId}>{manageLabels.kind}</FormLabel>
                        <RadioGroup
                          row
                          aria-labelledby={kindLabelId}
                          name={field.name}
                          value={field.value}
                          onChange={(event) => field.onChange(event.target.value)}
                        >
                          {kindOptions.map((option) => (
                            <FormControlLabel
                              key={option.value}
                              value={option.value}
                              control={<Radio inputRef={option === kindOptions[0] ? field.ref : undefined} />}
                              label={option.label}
                            />
                          ))}
                        </RadioGroup>
                      </FormControl>
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Controller
                    control={control}
                    name="retired"
                    render={({ field }) => (
                      <FormControl>
                        <FormControlLabel
                          control={
                            <Switch
                              name={field.name}
                              checked={field.value}
                              inputRef={field.ref}
                              onChange={(event) => field.onChange(event.target.checked)}
                            />
                          }
                          label={formTexts.retired}
                        />
                        <FormHelperText sx={{ mx: 0 }}>{manageLabels.retiredHelp}</FormHelperText>
                      </FormControl>
                    )}
                  />
                </Grid>
              </Grid>

              {kind === 'HOSTED' ? (
                <Grid container spacing={2.5}>
                  <Grid size={{ xs: 12, md: 6 }}>
                    <Controller
                      control={control}
                      name="definition"
                      render={({ field, fieldState }) => (
                        <TextField
                          label={manageLabels.definition}
                          name={field.name}
                          value={field.value}
                          inputRef={field.ref}
                          onBlur={field.onBlur}
                          onChange={field.onChange}
                          multiline
                          minRows={12}
                          maxRows={24}
                          fullWidth
                          required
                          error={Boolean(fieldState.error ?? parsed.error)}
                          helperText={
                            fieldState.error?.message ?? parsed.error ?? manageLabels.definitionHelp
                          }
                          slotProps={{
                            htmlInput: {
                              spellCheck: false,
                              autoCapitalize: 'none',
                              autoCorrect: 'off',
                              sx: { fontFamily: 'monospace', fontSize: '0.85rem', lineHeight: 1.5 },
                            },
                          }}
                        />
                      )}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 6 }}>
                    <Box component="section" aria-labelledby={previewId}>
                      <Typography
                        id={previewId}
                        variant="h3"
                        sx={{ fontSize: '1rem', fontWeight: 500, mb: 1 }}
                      >
                        {manageLabels.preview}
                      </Typography>
                      <Box
                        sx={{
                          border: 1,
                          borderColor: 'divider',
                          borderRadius: 1,
                          maxHeight: { md: '32rem' },
                          overflow: 'auto',
                        }}
                      >
                        {preview && <ManageFormPreview definition={preview} />}
                      </Box>
                    </Box>
                  </Grid>
                </Grid>
              ) : (
                <Stack spacing={2.5}>
                  <FormTextField
                    control={control}
                    name="url"
                    label={manageLabels.url}
                    type="url"
                    required
                    fullWidth
                    helperText={manageLabels.urlHelp}
                    slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                  />
                  {form?.kind === 'EXTERNAL' ? (
                    <>
                      <ManageCopyField label={manageLabels.webhookUrl} value={webhookUrl(form._id)} />
                      <ManageCopyField label={manageLabels.secret} value={form.secret ?? ''} />
                      <Typography variant="body2" color="text.secondary">
                        {manageLabels.webhookHelp}
                      </Typography>
                    </>
                  ) : (
                    <Alert severity="info">{manageLabels.secretAfterCreate}</Alert>
                  )}
                </Stack>
              )}

              <ManagePrefillRows control={control} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <CancelButton onClick={handleClose} disabled={pending} />
            <Button type="submit" variant="contained" loading={pending}>
              {manageLabels.save}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      {guard.prompt}
    </>
  );
}
