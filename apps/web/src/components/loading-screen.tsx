import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred progress with a text, for 'Loading...' and 'Signing out...'. */
export function LoadingScreen({ text }: { text: string }) {
  return (
    <Box
      role="status"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={32} aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
