import Card from '@mui/material/Card';
import {
  activeFilterCount,
  type ClinicianListRow,
  type ClinicianListSortField,
  labels,
  messages,
} from '@vigil/core';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { links } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useClinicianList } from '../api/get-clinician-list';
import { useMarkReviewed } from '../api/mark-reviewed';
import { useUpdateFilters } from '../api/update-filters';
import { ExportDataReportDialog, type ReportPatient } from '../components/export-data-report-dialog';
import { FilterDialog } from '../components/filter-dialog';
import { ListClinicianTable } from '../components/list-clinician-table';
import { ListEndSentinel } from '../components/list-end-sentinel';
import { ListToolbar } from '../components/list-toolbar';
import { listUpdates, useClinicianListState, useStoredPatientIds } from '../list-state';

/** /patient/clinician-patient-list: the endless list of readings at a glance (spec patients 2.2). */
export function ClinicianListPage() {
  const user = useSignedInUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, update] = useClinicianListState(user);
  const [filterOpen, setFilterOpen] = useState(false);
  // The patient stays after closing, so the dialog does not go blank while it fades out.
  const [report, setReport] = useState<{ open: boolean; patient: ReportPatient | null }>({
    open: false,
    patient: null,
  });
  const saveFilters = useUpdateFilters();
  const markReviewed = useMarkReviewed();
  // One review per press: a double-click lands before the button waits.
  const reviewOnce = useSingleFlight();
  const list = useClinicianList({ search: state.search, sort: state.sort, filters: state.filters });
  const first = list.data?.pages[0];
  useStoredPatientIds(first?.patientIds, `${location.pathname}${location.search}`);

  const handleSearch = useCallback(
    (search: string) => update((s) => listUpdates.search(s, search)),
    [update],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const handleEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function handleApply(save: boolean) {
    update(listUpdates.apply);
    setFilterOpen(false);
    if (save) saveFilters.mutate({ userId: user._id, list: 'clinician', filters: state.draftFilters });
  }

  return (
    <>
      <ListToolbar
        title={labels.clinicianPatientList}
        search={state.search}
        onSearch={handleSearch}
        count={first?.totalPatients}
        filterCount={activeFilterCount(state.filters)}
        onFilter={() => setFilterOpen(true)}
      />
      <Card>
        <ListClinicianTable
          rows={list.data?.pages.flatMap((page) => page.patients)}
          sort={state.sort}
          onSort={(field: ClinicianListSortField) => update((s) => listUpdates.sort(s, field))}
          reviewingId={markReviewed.isPending ? markReviewed.variables : null}
          onMarkReviewed={(row: ClinicianListRow) => reviewOnce(() => markReviewed.mutateAsync(row._id))}
          loadingMore={isFetchingNextPage}
          error={list.isError ? list.error.message || messages.serverError : null}
          onOpen={(row) => navigate(links.patientDetails(row._id))}
          onReports={(row) => setReport({ open: true, patient: { id: row._id, name: row.fullName } })}
        />
        <ListEndSentinel active={Boolean(hasNextPage) && !isFetchingNextPage} onReached={handleEndReached} />
      </Card>
      <FilterDialog
        open={filterOpen}
        list="clinician"
        user={user}
        applied={state.filters}
        draft={state.draftFilters}
        onDraftChange={(draft) => update((s) => listUpdates.draft(s, draft))}
        onCancel={() => {
          update(listUpdates.discardDraft);
          setFilterOpen(false);
        }}
        onApply={handleApply}
      />
      <ExportDataReportDialog
        open={report.open}
        patient={report.patient}
        months="lastTwelve"
        onClose={() => setReport((r) => ({ ...r, open: false }))}
      />
    </>
  );
}
