import 'survey-core/survey-core.fontless.min.css';
import Alert from '@mui/material/Alert';
import { useTheme } from '@mui/material/styles';
import { formTexts } from '@vigil/core';
import { useMemo } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { applyAppTheme } from './survey-theme';

/**
 * A hosted form as staff will see it, rendered by the SurveyJS Form Library from the definition being
 * edited, in the app's font and colours. It can be tried out but not completed. Imported only by the lazily
 * loaded Manage Forms page, so the library and its styles stay out of the other chunks.
 */
export function ManageFormPreview({ definition }: { definition: Record<string, unknown> }) {
  const theme = useTheme();
  const model = useMemo(() => {
    const survey = new Model(definition);
    survey.showCompleteButton = false;
    applyAppTheme(survey, theme);
    return survey;
  }, [definition, theme]);

  if (model.getAllQuestions().length === 0)
    return <Alert severity="info">{formTexts.definitionInvalid}</Alert>;
  return <Survey model={model} />;
}
