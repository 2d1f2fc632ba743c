import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { SessionProvider } from '../lib/session/session-context';
import { useApiErrorHandler } from './api-errors';
import { type ApiErrorListener, createQueryClient } from './query-client';
import { theme } from './theme';

/** Connects the query client's failures to the toast rules, which need the session. */
function ApiErrorBridge({ listener }: { listener: { current: ApiErrorListener } }) {
  listener.current = useApiErrorHandler();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const listener = useRef<ApiErrorListener>(() => {});
  const [queryClient] = useState(() => createQueryClient(listener));
  // Cached server data belongs to the user who fetched it.
  const handleSignedOut = useCallback(() => queryClient.clear(), [queryClient]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={3} preventDuplicate>
        <SessionProvider onSignedOut={handleSignedOut}>
          <QueryClientProvider client={queryClient}>
            <ApiErrorBridge listener={listener} />
            {children}
          </QueryClientProvider>
        </SessionProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
