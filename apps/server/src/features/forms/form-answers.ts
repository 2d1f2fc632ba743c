import { type FormAnswer, formatAppointment, formFileUrl, formTexts } from '@vigil/core';
import { Helpers, Model, type Question } from 'survey-core';
import { isUuid } from '../../db/uuid.js';

/** A file answer's reference to an uploaded file: the question it answers and the file's id. */
export interface FileReference {
  question: string;
  fileId: string;
}

export interface HostedAnswers {
  answers: FormAnswer[];
  files: FileReference[];
  /** Reasons per question; empty when the answers fit the definition. */
  fields: Record<string, string>;
}

/** survey-core's questions as one type: the properties below belong to some question classes only. */
type SurveyQuestion = Question & {
  inputType?: string;
  showNoneItem?: boolean;
  noneItem?: { value: unknown };
  rateValues?: unknown[];
  visibleRateValues?: Array<{ value: unknown }>;
  visibleChoices?: Array<{ value: unknown }>;
  hasOther?: boolean;
  hasComment?: boolean;
  valueTrue?: unknown;
  valueFalse?: unknown;
};

const choiceTypes = new Set(['radiogroup', 'checkbox', 'dropdown', 'tagbox', 'imagepicker']);
const appointmentInputs = new Set(['datetime-local', 'date']);
/** What a date or datetime-local input sends: a day that exists ('2026-11-25'), and a time ('T14:30'). */
function isAppointment(raw: unknown): boolean {
  const match =
    typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2})?)?$/.exec(raw) : null;
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

/** Elements that show something and take no answer. */
const displayOnly = new Set(['html', 'image']);

/** The names of the questions a definition asks; an empty list when it is no SurveyJS JSON at all. */
export function definitionQuestions(definition: Record<string, unknown>): string[] {
  try {
    return new Model(definition)
      .getAllQuestions()
      .filter((q) => !displayOnly.has(q.getType()))
      .map((q) => q.name);
  } catch {
    return [];
  }
}

function answerKind(q: SurveyQuestion): FormAnswer['kind'] {
  const type = q.getType();
  if (type === 'text' || type === 'comment') {
    const inputType = String(q.inputType ?? 'text');
    if (appointmentInputs.has(inputType)) return 'appointment';
    return inputType === 'number' || inputType === 'range' ? 'number' : 'text';
  }
  if (type === 'file') return 'file';
  if (type === 'boolean') return 'boolean';
  if (choiceTypes.has(type)) return 'choice';
  if (type === 'rating') return (q.rateValues?.length ?? 0) > 0 ? 'choice' : 'number';
  if (type === 'expression') return typeof q.value === 'number' ? 'number' : 'other';
  return 'other';
}

/** A value in words: text as it is, lists joined, objects (a matrix's rows) as 'row: value' pairs. */
function inWords(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(inWords).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${inWords(v)}`)
      .join('; ');
  }
  return String(value);
}

const fileNames = (value: unknown) =>
  (Array.isArray(value) ? value : [])
    .map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown }).name ?? '') : ''))
    .filter(Boolean)
    .join(', ');

function prettyFormat(q: SurveyQuestion, kind: FormAnswer['kind']): string {
  if (kind === 'appointment') return formatAppointment(String(q.value));
  if (kind === 'file') return fileNames(q.value);
  return inWords(q.displayValue);
}

/** Whether a raw value is one of the question's choices (or its other, none or select-all item). */
function isChoice(q: SurveyQuestion, value: unknown): boolean {
  const choices = q.getType() === 'rating' ? q.visibleRateValues : q.visibleChoices;
  return (choices ?? []).some((c) => Helpers.isTwoValueEquals(c.value, value));
}

function answerProblem(q: SurveyQuestion, raw: unknown): string | undefined {
  const type = q.getType();
  if (type === 'boolean') {
    const ok =
      typeof raw === 'boolean' ||
      Helpers.isTwoValueEquals(raw, q.valueTrue) ||
      Helpers.isTwoValueEquals(raw, q.valueFalse);
    return ok ? undefined : formTexts.notAChoice;
  }
  if (type === 'text' && appointmentInputs.has(String(q.inputType)))
    return isAppointment(raw) ? undefined : formTexts.notADate;
  if (!choiceTypes.has(type) && type !== 'rating') return undefined;
  const values = Array.isArray(raw) ? raw : [raw];
  // Several choices: each once, and the "none" item alone, as the page lets them be picked.
  if (values.some((v, i) => values.findIndex((w) => Helpers.isTwoValueEquals(v, w)) !== i))
    return formTexts.choiceRepeated;
  if (
    q.showNoneItem &&
    values.length > 1 &&
    values.some((v) => Helpers.isTwoValueEquals(v, q.noneItem?.value))
  )
    return formTexts.noneWithOthers;
  if (q.hasOther) return undefined;
  return values.every((v) => isChoice(q, v)) ? undefined : formTexts.notAChoice;
}

/** The file ids a file answer refers to: each `content` must be this patient's form file URL. */
function fileReferences(q: SurveyQuestion, raw: unknown, patientId: string): FileReference[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const prefix = formFileUrl(patientId, '');
  const refs: FileReference[] = [];
  for (const item of raw) {
    const content = item && typeof item === 'object' ? (item as { content?: unknown }).content : undefined;
    if (typeof content !== 'string' || !content.startsWith(prefix)) return undefined;
    const fileId = content.slice(prefix.length);
    if (!isUuid(fileId)) return undefined;
    refs.push({ question: q.name, fileId });
  }
  return refs;
}

/**
 * Reads answers against a hosted form's definition with survey-core, as the page that filled them did:
 * names the definition does not have, values not among a question's choices, survey-core's own errors
 * (required, validators, every page) and file answers that point anywhere but this patient's uploads are
 * reasons per question. The answers in words come from the model: each non-empty visible question, in the
 * definition's order.
 */
export function readHostedAnswers(
  definition: Record<string, unknown>,
  data: Record<string, unknown>,
  patientId: string,
): HostedAnswers {
  const model = new Model(definition);
  const questions = model.getAllQuestions() as SurveyQuestion[];
  const byName = new Map(questions.map((q) => [q.name, q]));
  const fields: Record<string, string> = {};
  const known = new Set<string>(byName.keys());
  for (const q of questions) if (q.hasOther || q.hasComment) known.add(`${q.name}-Comment`);
  for (const v of model.calculatedValues) known.add(v.name);
  for (const name of Object.keys(data)) if (!known.has(name)) fields[name] = formTexts.unknownQuestion;

  const files: FileReference[] = [];
  for (const [name, raw] of Object.entries(data)) {
    const q = byName.get(name);
    if (!q || raw === undefined || raw === null) continue;
    if (q.getType() === 'file') {
      const refs = fileReferences(q, raw, patientId);
      if (refs) files.push(...refs);
      else fields[name] = formTexts.fileNotAttachable;
      continue;
    }
    const problem = answerProblem(q, raw);
    if (problem) fields[name] = problem;
  }

  model.data = data;
  model.validate(true, false);
  for (const q of questions) {
    const error = q.errors[0];
    if (error && !fields[q.name]) fields[q.name] = error.getText();
  }

  const answers: FormAnswer[] = questions
    .filter((q) => q.isVisible && !q.isEmpty() && !displayOnly.has(q.getType()))
    .map((q) => {
      const kind = answerKind(q);
      return {
        name: q.name,
        text: q.processedTitle || q.name,
        type: q.getType(),
        kind,
        answer: q.value,
        prettyFormat: prettyFormat(q, kind),
      };
    });
  return { answers, files, fields };
}
