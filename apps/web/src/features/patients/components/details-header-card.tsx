import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Phone from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { detailLabels, formatPhone, type PatientDetailsView } from '@vigil/core';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type CallKind, useLogCall } from '../api/log-call';
import { formatDateTime } from './details-format';

function HeaderFact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

interface DetailsHeaderCardProps {
  details: PatientDetailsView;
  /** The time tracking, under the name: seen at once on any screen. */
  timer?: ReactNode;
}

/**
 * The header card (spec patients 2.6): who the patient is and who cares for them, the last calls and 'Log new
 * call'. One call is logged at a time: a second click while one is saving is ignored (spec patients 4).
 */
export function DetailsHeaderCard({ details, timer }: DetailsHeaderCardProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logCall = useLogCall();
  const inProgress = useRef(false);

  function handleLog(kind: CallKind) {
    if (inProgress.current) return;
    inProgress.current = true;
    logCall.mutate(
      { patientId: details._id, kind },
      {
        onSettled: () => {
          inProgress.current = false;
          setAnchor(null);
        },
      },
    );
  }

  const navigator = details.careNavigators[0]?.fullName;
  const phone = details.phone ?? details.phones[0]?.number ?? null;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 2, alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}
            >
              {details.fullName}
            </Typography>
            {phone && (
              <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mt: 0.5 }}>
                <Phone fontSize="small" color="action" />
                <Typography component="a" href={`tel:${phone}`} variant="body2" color="inherit">
                  {formatPhone(phone)}
                </Typography>
                {details.smsOptedOut && (
                  <Chip size="small" color="warning" variant="outlined" label={detailLabels.textsOptedOut} />
                )}
              </Stack>
            )}
            {timer}
          </Box>
          <Box
            sx={{
              display: 'grid',
              // Four in a row only on a wide screen: at a tablet's width a date was broken mid-number.
              gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, minmax(0, auto))' },
              columnGap: 3,
              rowGap: 1.5,
              flexGrow: 1,
              justifyContent: { md: 'end' },
            }}
          >
            <HeaderFact
              label={detailLabels.physician}
              value={
                details.assignedPhysicianName
                  ? detailLabels.doctor(details.assignedPhysicianName)
                  : detailLabels.notAvailable
              }
            />
            <HeaderFact label={detailLabels.careNavigator} value={navigator ?? detailLabels.notAvailable} />
            <HeaderFact
              label={detailLabels.lastCompletedCall}
              value={
                details.lastCompletedCall ? formatDateTime(details.lastCompletedCall) : detailLabels.none
              }
            />
            <HeaderFact
              label={detailLabels.lastAttemptedCall}
              value={
                details.lastAttemptedCall ? formatDateTime(details.lastAttemptedCall) : detailLabels.none
              }
            />
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <Button
              variant="contained"
              endIcon={<ArrowDropDown />}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={Boolean(anchor)}
              onClick={(event) => setAnchor(event.currentTarget)}
              loading={logCall.isPending}
              loadingPosition="end"
              sx={{ whiteSpace: 'nowrap', width: { xs: '100%', md: 'auto' } }}
            >
              {detailLabels.logNewCall}
            </Button>
            <Menu
              id={menuId}
              anchorEl={anchor}
              open={Boolean(anchor)}
              onClose={() => setAnchor(null)}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            >
              <MenuItem onClick={() => handleLog('attempted')} disabled={logCall.isPending}>
                {detailLabels.logAttemptedCall}
              </MenuItem>
              <MenuItem onClick={() => handleLog('completed')} disabled={logCall.isPending}>
                {detailLabels.logCompletedCall}
              </MenuItem>
            </Menu>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
