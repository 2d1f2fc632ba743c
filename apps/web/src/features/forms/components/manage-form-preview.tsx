import 'survey-core/survey-core.fontless.min.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { formTexts } from '@vigil/core';
import { useMemo } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';

/**
 * A hosted form as staff will see it, rendered by the SurveyJS Form Library from the definition being
 * edited. It can be tried out but not completed. Imported only by the lazily loaded Manage Forms page, so
 * the library and its styles stay out of the other chunks.
 */
export function ManageFormPreview({ definition }: { definition: Record<string, unknown> }) {
  const model = useMemo(() => {
    const survey = new Model(definition);
    survey.showCompleteButton = false;
    return survey;
  }, [definition]);

  if (model.getAllQuestions().length === 0)
    return <Alert severity="info">{formTexts.definitionInvalid}</Alert>;
  return (
    <Box
      sx={{
        fontFamily: 'Roboto, sans-serif',
        '& .sd-root-modern': { '--font-family': 'Roboto, sans-serif' },
      }}
    >
      <Survey model={model} />
    </Box>
  );
}
