import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { formTexts, labels, messages } from '@vigil/core';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { LoadingScreen } from '../../../components/loading-screen';
import { ApiError } from '../../../lib/api-client';
import { useFormLink } from '../api/get-form-link';
import { useSubmitFormLink } from '../api/submit-form-link';
import { linkUploadPath } from '../api/upload-form-file';
import { type FormFiles, FormSurvey } from '../components/form-survey';

/** The link's answer when it cannot be filled: the server's words (used, expired, not valid), as they are. */
function linkProblem(error: Error): string {
  return error instanceof ApiError ? (error.data.message ?? messages.serverError) : messages.serverError;
}

/**
 * /f/{token}: a form texted to a patient (issue 13), filled on their phone without signing in. The page
 * greets them by first name and shows nothing else about them; the link works once.
 */
export function FormLinkPage() {
  const { token = '' } = useParams();
  const link = useFormLink(token);
  const submit = useSubmitFormLink();
  const [done, setDone] = useState(false);
  const { mutateAsync } = submit;
  const files = useMemo<FormFiles>(
    () => ({ uploadPath: linkUploadPath(token), canDownload: false }),
    [token],
  );

  const handleSubmit = useCallback(
    async (data: Record<string, unknown>) => {
      await mutateAsync({ token, data });
      setDone(true);
    },
    [mutateAsync, token],
  );

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="md" sx={{ px: { xs: 1, sm: 2 } }}>
        <Box sx={{ px: 1, pb: 2 }}>
          <BrandMark />
        </Box>
        {link.isPending ? (
          <LoadingScreen text={labels.loading} />
        ) : link.isError ? (
          <Alert severity="info">{linkProblem(link.error)}</Alert>
        ) : done ? (
          <Alert severity="success">{formTexts.thankYou}</Alert>
        ) : (
          <Card>
            <CardContent sx={{ px: { xs: 0, sm: 1 } }}>
              <Typography sx={{ px: 2, pb: 1 }}>{formTexts.greeting(link.data.patientFirstName)}</Typography>
              <FormSurvey
                definition={link.data.definition}
                title={link.data.title}
                files={files}
                onSubmit={handleSubmit}
              />
            </CardContent>
          </Card>
        )}
      </Container>
    </Box>
  );
}
