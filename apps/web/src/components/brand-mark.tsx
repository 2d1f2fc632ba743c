import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { productName } from '@vigil/core';

/** The product's name with its mark, as shown in the top bar and on the sign-in screens. */
export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <MonitorHeartOutlined sx={{ color: inverse ? 'inherit' : 'primary.main' }} aria-hidden />
      <Typography
        component="span"
        sx={{
          fontSize: '1.25rem',
          fontWeight: 600,
          letterSpacing: 0.5,
          color: inverse ? 'inherit' : 'primary.main',
        }}
      >
        {productName}
      </Typography>
    </Stack>
  );
}
