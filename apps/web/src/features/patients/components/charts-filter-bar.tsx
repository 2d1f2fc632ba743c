import { TZDate } from '@date-fns/tz';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { customRangeIssue, dateRangePresets, defaultTimeZone, type GraphFilterData } from '@vigil/core';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { chartsLabels } from './charts-labels';

interface ChartsFilterBarProps {
  filter: GraphFilterData;
  onFilterChange: (next: GraphFilterData) => void;
}

type RangeChoice = GraphFilterData['dateRange'];
const infoChoices = [
  { value: 'all', label: chartsLabels.all },
  { value: 'bpHr', label: chartsLabels.bpHr },
  { value: 'weight', label: chartsLabels.weight },
] as const;

/**
 * Table/Chart, the type filter and the date range (spec patients 2.6). A custom range applies only once both
 * of its dates are chosen; until then the range shown stays the one applied.
 */
export function ChartsFilterBar({ filter, onFilterChange }: ChartsFilterBarProps) {
  const rangeLabelId = useId();
  // The custom dates being chosen, before both are there.
  const [draft, setDraft] = useState<{ startDate: string; endDate: string } | null>(null);
  const today = format(new TZDate(Date.now(), defaultTimeZone), 'yyyy-MM-dd');
  const choice: RangeChoice = draft ? 'custom' : filter.dateRange;
  const dates = draft ?? { startDate: filter.startDate ?? '', endDate: filter.endDate ?? '' };
  // Both dates chosen, in an order or a span the readings call refuses: said, and not applied.
  const issue = draft?.startDate && draft.endDate ? customRangeIssue(draft.startDate, draft.endDate) : null;

  const handleRange = (value: RangeChoice) => {
    if (value === 'custom') {
      setDraft({ startDate: filter.startDate ?? '', endDate: filter.endDate ?? '' });
      return;
    }
    setDraft(null);
    onFilterChange({ ...filter, dateRange: value, startDate: null, endDate: null });
  };

  const handleDate = (field: 'startDate' | 'endDate', value: string) => {
    const next = { ...dates, [field]: value };
    if (next.startDate && next.endDate && !customRangeIssue(next.startDate, next.endDate)) {
      setDraft(null);
      onFilterChange({ ...filter, dateRange: 'custom', ...next });
    } else {
      setDraft(next);
    }
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter.toggle}
        onChange={(_event, toggle: GraphFilterData['toggle'] | null) =>
          toggle && onFilterChange({ ...filter, toggle })
        }
        aria-label={chartsLabels.view}
      >
        <ToggleButton value="table">{chartsLabels.table}</ToggleButton>
        <ToggleButton value="chart">{chartsLabels.chart}</ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter.infoToggle}
        onChange={(_event, infoToggle: GraphFilterData['infoToggle'] | null) =>
          infoToggle && onFilterChange({ ...filter, infoToggle })
        }
        aria-label={chartsLabels.type}
      >
        {infoChoices.map((c) => (
          <ToggleButton key={c.value} value={c.value} sx={{ whiteSpace: 'nowrap' }}>
            {c.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControl size="small" sx={{ minWidth: 140 }}>
        <InputLabel id={rangeLabelId}>{chartsLabels.dateRange}</InputLabel>
        <Select
          labelId={rangeLabelId}
          label={chartsLabels.dateRange}
          value={choice}
          onChange={(event) => handleRange(event.target.value as RangeChoice)}
        >
          {dateRangePresets.map((p) => (
            <MenuItem key={p.days} value={p.days}>
              {p.label}
            </MenuItem>
          ))}
          <MenuItem value="custom">{chartsLabels.custom}</MenuItem>
        </Select>
      </FormControl>
      {choice === 'custom' && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            type="date"
            label={chartsLabels.startDate}
            value={dates.startDate}
            onChange={(event) => handleDate('startDate', event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: dates.endDate || today } }}
            sx={{ width: 160 }}
          />
          <TextField
            size="small"
            type="date"
            label={chartsLabels.endDate}
            value={dates.endDate}
            onChange={(event) => handleDate('endDate', event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dates.startDate, max: today } }}
            sx={{ width: 160 }}
          />
          {draft && (
            <Typography
              variant="caption"
              color={issue ? 'error' : 'text.secondary'}
              role={issue ? 'alert' : undefined}
            >
              {issue ?? chartsLabels.customHint}
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}
