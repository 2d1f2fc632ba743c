import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormAdminFolderView, type FormAdminView, formTexts, labels } from '@vigil/core';
import { useId } from 'react';
import { manageLabels } from './manage-labels';

interface ManageFolderCardProps {
  folder: FormAdminFolderView;
  isFirst: boolean;
  isLast: boolean;
  /** A folder move is on its way: the arrows wait for it. */
  moving: boolean;
  onRename: () => void;
  onMove: (direction: -1 | 1) => void;
  onNewForm: () => void;
  onEditForm: (form: FormAdminView) => void;
}

/** One folder: its name and actions, then its forms with their kind, version and submissions. */
export function ManageFolderCard({
  folder,
  isFirst,
  isLast,
  moving,
  onRename,
  onMove,
  onNewForm,
  onEditForm,
}: ManageFolderCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, pt: 2, pb: 1, flexWrap: 'wrap' }}
      >
        <Typography id={titleId} variant="h2" sx={{ flexGrow: 1 }}>
          {folder.name}
        </Typography>
        <Tooltip title={manageLabels.rename}>
          <IconButton aria-label={manageLabels.renameFolderOf(folder.name)} onClick={onRename}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <IconButton
          aria-label={manageLabels.moveUpOf(folder.name)}
          disabled={isFirst || moving}
          onClick={() => onMove(-1)}
        >
          <ArrowUpward />
        </IconButton>
        <IconButton
          aria-label={manageLabels.moveDownOf(folder.name)}
          disabled={isLast || moving}
          onClick={() => onMove(1)}
        >
          <ArrowDownward />
        </IconButton>
        <Button startIcon={<Add />} onClick={onNewForm} aria-label={`${formTexts.newForm}: ${folder.name}`}>
          {formTexts.newForm}
        </Button>
      </Stack>
      {folder.forms.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          {manageLabels.emptyFolder}
        </Typography>
      ) : (
        <TableContainer>
          {/* Fixed columns line up from one folder's table to the next. */}
          <Table aria-labelledby={titleId} size="small" sx={{ tableLayout: { md: 'fixed' }, minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: { xs: 2, sm: 3 }, width: '44%' }}>{manageLabels.title}</TableCell>
                <TableCell sx={{ width: '20%' }}>{manageLabels.kind}</TableCell>
                <TableCell align="right" sx={{ width: '11%' }}>
                  {manageLabels.version}
                </TableCell>
                <TableCell align="right" sx={{ width: '13%' }}>
                  {manageLabels.submissions}
                </TableCell>
                <TableCell align="right" aria-label={manageLabels.actions} sx={{ pr: { xs: 2, sm: 3 } }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {folder.forms.map((form) => (
                <TableRow key={form._id} hover>
                  <TableCell component="th" scope="row" sx={{ pl: { xs: 2, sm: 3 } }}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography
                        component="span"
                        sx={{ fontWeight: 500, color: form.retired ? 'text.secondary' : 'text.primary' }}
                      >
                        {form.title}
                      </Typography>
                      {form.retired && <Chip label={formTexts.retired} size="small" />}
                    </Stack>
                  </TableCell>
                  <TableCell>{form.kind === 'HOSTED' ? formTexts.hosted : formTexts.external}</TableCell>
                  <TableCell align="right">{form.version}</TableCell>
                  <TableCell align="right">{form.submissionsCount}</TableCell>
                  <TableCell align="right" sx={{ pr: { xs: 2, sm: 3 } }}>
                    <Button
                      size="small"
                      startIcon={<EditOutlined />}
                      aria-label={manageLabels.editFormOf(form.title)}
                      onClick={() => onEditForm(form)}
                    >
                      {labels.edit}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
