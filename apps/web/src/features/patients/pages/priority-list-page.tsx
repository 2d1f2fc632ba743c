// Being built: the priority list (issue 7).
export function PriorityListPage() {
  return null;
}
