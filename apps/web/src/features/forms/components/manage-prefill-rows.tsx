import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormInput, prefillSourceLabels, prefillSources } from '@vigil/core';
import { type Control, useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import type { ManageFormValues } from './manage-form-values';
import { manageLabels } from './manage-labels';

/** The form's prefill parameters: one row each, a URL parameter and the patient field it is filled from. */
export function ManagePrefillRows({ control }: { control: Control<ManageFormValues, unknown, FormInput> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'prefill' });
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 500, p: 0 }}>
        {manageLabels.prefill}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {manageLabels.prefillHelp}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {manageLabels.noPrefill}
        </Typography>
      )}
      {fields.map((field, index) => (
        <Stack key={field.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`prefill.${index}.param`}
            label={manageLabels.parameter}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          />
          <FormTextField
            control={control}
            name={`prefill.${index}.source`}
            label={manageLabels.source}
            select
            size="small"
            sx={{ flex: 1 }}
          >
            {prefillSources.map((source) => (
              <MenuItem key={source} value={source}>
                {prefillSourceLabels[source]}
              </MenuItem>
            ))}
          </FormTextField>
          <IconButton aria-label={manageLabels.removeParameterOf(index)} onClick={() => remove(index)}>
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button
          startIcon={<Add />}
          onClick={() => append({ param: '', source: 'PATIENT_NAME' }, { shouldFocus: true })}
        >
          {manageLabels.addParameter}
        </Button>
      </div>
    </Stack>
  );
}
