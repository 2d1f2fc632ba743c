import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { useSignedInUser } from '../../lib/session/session-context';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** The frame of every signed-in page: top bar, content, footer. */
export function AppLayout() {
  const user = useSignedInUser();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar user={user} />
      <Container
        component="main"
        maxWidth="lg"
        sx={{ flexGrow: 1, py: { xs: 3, md: 4 }, px: { xs: 2, md: 3 } }}
      >
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
