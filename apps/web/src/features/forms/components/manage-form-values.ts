import { zodResolver } from '@hookform/resolvers/zod';
import { type FormAdminView, FormInput, type FormKind, formTexts, type PrefillParam } from '@vigil/core';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The editor's fields: the hosted definition is edited as JSON text, the URL is kept while the kind changes. */
export interface ManageFormValues {
  title: string;
  folderId: string;
  kind: FormKind;
  definition: string;
  url: string;
  prefill: PrefillParam[];
  retired: boolean;
}

/** A new hosted form starts from one question, so the preview shows what the JSON looks like. */
const starterDefinition = {
  elements: [{ type: 'text', name: 'question1', title: 'Your question' }],
};

export function manageFormValues(form: FormAdminView | null, folderId: string): ManageFormValues {
  return {
    title: form?.title ?? '',
    folderId: form?.folderId ?? folderId,
    kind: form?.kind ?? 'HOSTED',
    definition: JSON.stringify(form ? (form.definition ?? {}) : starterDefinition, null, 2),
    url: form?.kind === 'EXTERNAL' ? form.url : '',
    prefill: form?.prefill ?? [],
    retired: form?.retired ?? false,
  };
}

export type ParsedDefinition =
  | { value: Record<string, unknown>; error: null }
  | { value: null; error: string };

/** The JSON text as a definition, or why it is not one (the JSON parser's own words, shown as the user types). */
export function parseDefinition(text: string): ParsedDefinition {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { value: null, error: error instanceof Error ? error.message : formTexts.definitionInvalid };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { value: null, error: formTexts.definitionInvalid };
  return { value: value as Record<string, unknown>, error: null };
}

const formInputResolver = zodResolver(FormInput);

/**
 * The core's FormInput schema, on the values turned into what is sent: the definition's text parsed, and
 * only the fields of the chosen kind. A definition that does not parse is an error on its field.
 */
export const manageFormResolver: Resolver<ManageFormValues, unknown, FormInput> = async (
  values,
  context,
  options,
) => {
  const { kind, definition, url, ...common } = values;
  const parsed = parseDefinition(definition);
  const input: FormInput =
    kind === 'HOSTED' ? { ...common, kind, definition: parsed.value ?? {} } : { ...common, kind, url };
  // The options name the editor's fields; the schema's errors come back under the same names.
  const result = await formInputResolver(
    input,
    context,
    options as unknown as Parameters<typeof formInputResolver>[2],
  );
  if (kind === 'HOSTED' && parsed.error !== null) {
    const errors: FieldErrors<ManageFormValues> = {
      ...(result.errors as FieldErrors<ManageFormValues>),
      definition: { type: 'json', message: parsed.error },
    };
    return { values: {}, errors };
  }
  return result as Awaited<ReturnType<Resolver<ManageFormValues, unknown, FormInput>>>;
};
