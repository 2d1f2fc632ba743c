import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface FormPageProps {
  title: string;
  /** A line under the title: whose record this is. */
  subtitle?: string | null;
  /** Identifiers (a serial number) read better in a fixed-width font. */
  monospaceSubtitle?: boolean;
  maxWidth: number;
  children: ReactNode;
}

/** A form screen: its title, an optional subtitle, and the form in a card. */
export function FormPage({ title, subtitle, monospaceSubtitle = false, maxWidth, children }: FormPageProps) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: subtitle ? 0.5 : 3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography
          color="text.secondary"
          sx={{ mb: 3, ...(monospaceSubtitle ? { fontFamily: 'monospace' } : {}) }}
        >
          {subtitle}
        </Typography>
      )}
      <Card sx={{ maxWidth }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          {children}
        </CardContent>
      </Card>
    </>
  );
}

/** Back where the user came from, or to `fallback` when the form was opened directly (no history here). */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
}
