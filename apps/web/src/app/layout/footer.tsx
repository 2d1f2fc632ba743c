import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productName } from '@vigil/core';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography variant="body2" color="text.secondary" align="center">
        © {new Date().getFullYear()} {productName}
      </Typography>
    </Box>
  );
}
