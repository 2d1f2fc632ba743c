import { createTheme } from '@mui/material/styles';

/** Where the keyboard is (WCAG 2.4.7): one ring in the primary colour, at `offset` from the edge. */
const focusRing = (color: string, offset: number) => ({
  outline: `2px solid ${color}`,
  outlineOffset: offset,
});

/** A calm clinical look: deep teal primary, soft grey-blue background, one spacing scale. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 500, md: 760, lg: 1280, xl: 1920 } },
  palette: {
    mode: 'light',
    primary: { main: '#1f6f8b', dark: '#15526a', light: '#4f93ab', contrastText: '#ffffff' },
    secondary: { main: '#4a6572' },
    background: { default: '#f3f6f9', paper: '#ffffff' },
    text: { primary: '#1d2a33', secondary: '#51616d' },
    divider: '#dde4ea',
  },
  shape: { borderRadius: 8 },
  spacing: 8,
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'none' } },
    // Rows that open something are focusable; the keyboard's place must show (WCAG 2.4.7).
    MuiTableRow: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&:focus-visible': focusRing(theme.palette.primary.main, -2),
        }),
      },
    },
    // A sort header's own focus style only greys its text: draw the same ring.
    MuiTableSortLabel: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': focusRing(theme.palette.primary.main, 2),
        }),
      },
    },
    // Initials in white need a darker ground than MUI's grey to be legible (WCAG AA, 4.5:1).
    MuiAvatar: {
      styleOverrides: {
        colorDefault: ({ theme }) => ({
          backgroundColor: theme.palette.secondary.main,
          color: theme.palette.secondary.contrastText,
        }),
      },
    },
  },
});
