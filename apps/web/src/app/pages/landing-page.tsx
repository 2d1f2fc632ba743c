import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { labels } from '../../lib/labels';

interface LandingPageProps {
  title: string;
  text: string;
}

/**
 * The post-login routes whose screens belong to later features. Each is a real signed-in page with its
 * spec title; replacing one means pointing its route at the feature's page.
 */
export function LandingPage({ title, text }: LandingPageProps) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Typography color="text.secondary">{text}</Typography>
        </CardContent>
      </Card>
    </>
  );
}

export const landingPages = {
  clinicianPatientList: {
    title: labels.clinicianPatientList,
    text: 'The patient lists arrive with the patients feature; your patients will show here.',
  },
  priorityList: {
    title: labels.patientPriorityList,
    text: 'The patient lists arrive with the patients feature; patients ordered by priority will show here.',
  },
} satisfies Record<string, LandingPageProps>;
