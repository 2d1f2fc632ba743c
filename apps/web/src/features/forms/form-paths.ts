/**
 * The forms' own pages (issue 13). The hosted form's path is also what `GET /forms` answers as a hosted
 * form's url; a View of a retired form, which that list no longer has, is opened at the same path.
 */
export const formPaths = {
  fill: '/forms/fill/:formId',
  link: '/f/:token',
} as const;

export const formFillPath = (formId: string) => `/forms/fill/${encodeURIComponent(formId)}`;
