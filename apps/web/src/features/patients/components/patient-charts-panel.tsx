import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { PatientDetailsView } from '@vigil/core';
import { useId } from 'react';
import { useGraphFilterData } from '../api/update-graph-filter-data';
import { chartsLabels } from './charts-labels';
import { ChartsReadingsTab } from './charts-readings-tab';
import { DetailsPanel } from './details-panel';
import { MedicationsTab } from './medications-tab';

interface PatientChartsPanelProps {
  patient: PatientDetailsView;
}

/**
 * The charts panel of the detail page (spec patients 2.6): the patient's readings as a table or a chart over
 * a chosen range, with their summary, and the medications. The tab and the readings choices are the user's
 * graph filter data, kept for the next visit.
 */
export function PatientChartsPanel({ patient }: PatientChartsPanelProps) {
  const tabsId = useId();
  const [filter, setFilter] = useGraphFilterData();
  const tab = filter.activeTab;
  return (
    <DetailsPanel title={chartsLabels.panelTitle}>
      <Tabs
        value={tab}
        onChange={(_event, activeTab: typeof tab) => setFilter({ ...filter, activeTab })}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mt: -1 }}
      >
        <Tab
          value="readings"
          label={chartsLabels.readings}
          id={`${tabsId}-readings`}
          aria-controls={`${tabsId}-readings-panel`}
        />
        <Tab
          value="medications"
          label={chartsLabels.medications}
          id={`${tabsId}-medications`}
          aria-controls={`${tabsId}-medications-panel`}
        />
      </Tabs>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'readings' ? (
          <ChartsReadingsTab patient={patient} filter={filter} onFilterChange={setFilter} />
        ) : (
          <MedicationsTab patient={patient} />
        )}
      </div>
    </DetailsPanel>
  );
}
