import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormAnswer } from '@vigil/core';

/** A submission's answers in words (their prettyFormat), question by question: an external form's View. */
export function FormAnswersList({ answers }: { answers: readonly FormAnswer[] }) {
  return (
    <Stack component="dl" sx={{ m: 0, gap: 1.5 }}>
      {answers.map((answer) => (
        <Box key={answer.name}>
          <Typography component="dt" variant="subtitle2">
            {answer.text || answer.name}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {answer.prettyFormat}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
