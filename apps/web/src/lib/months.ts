const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** 'June 2026' (month 1-12). */
export function monthLabel(month: number, year: number): string {
  return `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;
}
