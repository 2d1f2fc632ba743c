import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { useSession, useSignedInUser } from '../../lib/session/session-context';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/**
 * The frame of every signed-in page: top bar, content, footer. On load it asks the server for the user
 * once, so a restored session learns at once whether it still holds (a 401 signs out) and shows what an
 * administrator changed since (name, role, avatar).
 */
export function AppLayout() {
  const user = useSignedInUser();
  const { dispatch } = useSession();
  const { data: fresh } = useQuery({ ...meQueryOptions(), meta: { silent: true } });
  useEffect(() => {
    if (fresh) dispatch({ type: 'userUpdated', user: fresh });
  }, [fresh, dispatch]);

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
