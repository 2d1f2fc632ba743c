import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { activeFilterCount, labels, messages, type PriorityListSortField } from '@vigil/core';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { links } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { usePriorityList } from '../api/get-priority-list';
import { useUpdateFilters } from '../api/update-filters';
import { BulkTimeButton } from '../components/bulk-time-button';
import { FilterDialog } from '../components/filter-dialog';
import { ListFooter } from '../components/list-footer';
import { ListMonthSelect } from '../components/list-month-select';
import { ListPriorityTable } from '../components/list-priority-table';
import { ListToolbar } from '../components/list-toolbar';
import { listUpdates, usePriorityListState, useStoredPatientIds } from '../list-state';

/** /patient/priority-list: the patients most in need of attention first (spec patients 2.3). */
export function PriorityListPage() {
  const user = useSignedInUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [state, update] = usePriorityListState(user, searchParams.get('clinicId'));
  const [filterOpen, setFilterOpen] = useState(false);
  const saveFilters = useUpdateFilters();
  const list = usePriorityList({
    page: state.page,
    search: state.search,
    sort: state.sort,
    filters: state.filters,
    month: state.month,
    year: state.year,
  });
  const result = list.isPlaceholderData ? undefined : list.data;
  useStoredPatientIds(result?.patientIds, `${location.pathname}${location.search}`);

  // A list that shrank (bulk changes elsewhere, a reload) must not stay on a page past its end.
  useEffect(() => {
    if (result && result.totalPages > 0 && state.page >= result.totalPages) {
      update((s) => ({ ...s, page: result.totalPages - 1 }));
    }
  }, [result, state.page, update]);

  const handleSearch = useCallback(
    (search: string) => update((s) => listUpdates.search(s, search)),
    [update],
  );

  function handleApply(save: boolean) {
    update(listUpdates.apply);
    setFilterOpen(false);
    if (save) {
      saveFilters.mutate({
        userId: user._id,
        list: 'priority',
        filters: state.draftFilters,
        month: state.month,
        year: state.year,
      });
    }
  }

  return (
    <>
      <ListToolbar
        title={labels.patientPriorityList}
        search={state.search}
        onSearch={handleSearch}
        count={list.data?.totalPatients}
        filterCount={activeFilterCount(state.filters)}
        onFilter={() => setFilterOpen(true)}
        besideCount={
          <ListMonthSelect
            month={state.month}
            year={state.year}
            onChange={({ month, year }) => update((s) => ({ ...s, month, year, page: 0 }))}
          />
        }
        actions={<BulkTimeButton filters={state.filters} search={state.search} result={result} />}
      />
      <Card>
        {list.isFetching && <LinearProgress aria-label={labels.loading} sx={{ height: 2, mb: '-2px' }} />}
        <ListPriorityTable
          rows={list.data?.patients}
          sort={state.sort}
          onSort={(field: PriorityListSortField) => update((s) => listUpdates.sort(s, field))}
          error={list.isError ? list.error.message || messages.serverError : null}
          onOpen={(row) => navigate(links.patientDetails(row._id))}
        />
        {list.data && (
          <ListFooter
            page={state.page}
            totalPages={list.data.totalPages}
            totalPatients={list.data.totalPatients}
            onPage={(page) => update((s) => ({ ...s, page }))}
          />
        )}
      </Card>
      <FilterDialog
        open={filterOpen}
        list="priority"
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
    </>
  );
}
