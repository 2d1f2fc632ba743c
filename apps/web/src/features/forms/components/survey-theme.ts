import type { Theme } from '@mui/material/styles';
import type { Model } from 'survey-core';

/** A SurveyJS form in the app's font and colours, wherever it is rendered (the frame, the link, the preview). */
export function applyAppTheme(survey: Model, theme: Theme) {
  survey.applyTheme({
    cssVariables: {
      '--sjs-font-family': String(theme.typography.fontFamily),
      '--sjs-primary-backcolor': theme.palette.primary.main,
      '--sjs-primary-backcolor-dark': theme.palette.primary.dark,
      '--sjs-primary-forecolor': theme.palette.primary.contrastText,
      '--sjs-general-backcolor-dim': theme.palette.background.default,
    },
  });
}
