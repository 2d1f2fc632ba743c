import Add from '@mui/icons-material/Add';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormAdminFolderView, type FormAdminView, type FormInput, formTexts, labels } from '@vigil/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useCreateFormFolder } from '../api/form-admin-create-folder';
import { useCreateForm } from '../api/form-admin-create-form';
import { useFormAdminFolders } from '../api/form-admin-folders';
import { useOrderFormFolders } from '../api/form-admin-order-folders';
import { useRenameFormFolder } from '../api/form-admin-rename-folder';
import { useUpdateForm } from '../api/form-admin-update-form';
import { ManageFolderCard } from '../components/manage-folder-card';
import { ManageFolderDialog } from '../components/manage-folder-dialog';
import { ManageFormDialog } from '../components/manage-form-dialog';
import { manageLabels } from '../components/manage-labels';

/** Which dialog shows what: kept while a dialog closes, so its title does not change as it fades out. */
interface FolderDialog {
  open: boolean;
  folder: FormAdminFolderView | null;
}
interface FormDialog {
  open: boolean;
  form: FormAdminView | null;
  folderId: string;
}

/** The folders' ids with one folder moved a place up (-1) or down (+1). */
function moved(folders: readonly FormAdminFolderView[], index: number, direction: -1 | 1): string[] {
  const ids = folders.map((f) => f._id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + direction, 0, id!);
  return ids;
}

/**
 * /forms/manage (operator admins): the folders in their order with their forms, retired ones too; folders
 * are created, renamed and reordered here, forms created and edited in the form editor.
 */
export function ManageFormsPage() {
  const user = useSignedInUser();
  if (user.role.access !== 'ADMIN') return <Navigate to={paths.clinicDashboard} replace />;
  return <ManageForms />;
}

function ManageForms() {
  const folders = useFormAdminFolders();
  const createFolder = useCreateFormFolder();
  const renameFolder = useRenameFormFolder();
  const orderFolders = useOrderFormFolders();
  const createForm = useCreateForm();
  const updateForm = useUpdateForm();
  const [folderDialog, setFolderDialog] = useState<FolderDialog>({ open: false, folder: null });
  const [formDialog, setFormDialog] = useState<FormDialog>({ open: false, form: null, folderId: '' });

  const list = folders.data ?? [];

  const closeFormDialog = () => setFormDialog((dialog) => ({ ...dialog, open: false }));
  const openFormDialog = (form: FormAdminView | null, folderId: string) =>
    setFormDialog({ open: true, form, folderId });

  async function handleSaveFolder(name: string) {
    const { folder } = folderDialog;
    if (folder) {
      await renameFolder.mutateAsync({ folderId: folder._id, name });
      showToast(manageLabels.folderRenamed, 'success');
    } else {
      await createFolder.mutateAsync({ name });
      showToast(manageLabels.folderCreated, 'success');
    }
  }

  async function handleSaveForm(input: FormInput) {
    const { form } = formDialog;
    if (form) {
      await updateForm.mutateAsync({ formId: form._id, body: input });
      showToast(manageLabels.formSaved, 'success');
      closeFormDialog();
      return;
    }
    const created = await createForm.mutateAsync(input);
    showToast(manageLabels.formCreated, 'success');
    // An external form's host needs the webhook URL and the secret just made: the editor stays open on them.
    if (created.kind === 'EXTERNAL') setFormDialog({ open: true, form: created, folderId: created.folderId });
    else closeFormDialog();
  }

  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h1">{formTexts.manageForms}</Typography>
        <Stack direction="row" spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={<CreateNewFolderOutlined />}
            onClick={() => setFolderDialog({ open: true, folder: null })}
          >
            {formTexts.newFolder}
          </Button>
          <Button
            variant="contained"
            startIcon={<Add />}
            disabled={list.length === 0}
            onClick={() => openFormDialog(null, list[0]?._id ?? '')}
          >
            {formTexts.newForm}
          </Button>
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {manageLabels.intro}
      </Typography>
      {folders.isPending ? (
        <Card>
          <Stack sx={{ p: 3 }}>
            <CircularProgress size={28} aria-label={labels.loading} />
          </Stack>
        </Card>
      ) : folders.isError ? (
        <Alert severity="error">{folders.error.message}</Alert>
      ) : list.length === 0 ? (
        <Card>
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {manageLabels.noFolders}
          </Typography>
        </Card>
      ) : (
        <Stack spacing={3}>
          {list.map((folder, index) => (
            <ManageFolderCard
              key={folder._id}
              folder={folder}
              isFirst={index === 0}
              isLast={index === list.length - 1}
              moving={orderFolders.isPending}
              onRename={() => setFolderDialog({ open: true, folder })}
              onMove={(direction) => orderFolders.mutate(moved(list, index, direction))}
              onNewForm={() => openFormDialog(null, folder._id)}
              onEditForm={(form) => openFormDialog(form, form.folderId)}
            />
          ))}
        </Stack>
      )}
      <ManageFolderDialog
        open={folderDialog.open}
        folder={folderDialog.folder}
        pending={createFolder.isPending || renameFolder.isPending}
        onSave={handleSaveFolder}
        onClose={() => setFolderDialog((dialog) => ({ ...dialog, open: false }))}
      />
      <ManageFormDialog
        open={formDialog.open}
        form={formDialog.form}
        folders={list}
        folderId={formDialog.folderId}
        pending={createForm.isPending || updateForm.isPending}
        onSave={handleSaveForm}
        onClose={closeFormDialog}
      />
    </>
  );
}
