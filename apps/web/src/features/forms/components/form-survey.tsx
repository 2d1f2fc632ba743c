import 'survey-core/survey-core.fontless.min.css';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { formTexts, messages } from '@vigil/core';
import { useEffect, useState } from 'react';
import { Model, type Question, type SurveyModel } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { ApiError, api, apiBase } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { uploadFormFile } from '../api/upload-form-file';
import { applyAppTheme } from './survey-theme';

/** The parameters of the frame's URL that are not answers (formFrameUrl, formViewUrl). */
const frameParams = new Set(['patientId', 'userId', 'submissionId', 'mode']);

/** The answers a new form opens with: prefill parameters and duplicated answers, by question name. */
export function hashAnswers(params: URLSearchParams): Map<string, string> {
  return new Map([...params].filter(([name]) => !frameParams.has(name)));
}

const numericInputs = new Set(['number', 'range']);

/**
 * A URL parameter's text as the question's value: the frame's URL carries every value as text, and what is
 * not text was sent as JSON (formFrameUrl). A text question keeps the text as written, so an answer that
 * happens to look like JSON stays what the user typed; a choice takes the choice whose value reads the same.
 */
function valueFor(question: Question, raw: string): unknown {
  const type = question.getType();
  const inputType = String(question.getPropertyValue('inputType') ?? 'text');
  if (type === 'comment' || (type === 'text' && !numericInputs.has(inputType))) return raw;
  if ((type === 'text' || type === 'rating') && raw.trim() !== '' && Number.isFinite(Number(raw))) {
    return Number(raw);
  }
  const choices: { value: unknown }[] = question.getPropertyValue('choices') ?? [];
  const choice = choices.find((c) => String(c.value) === raw);
  if (choice) return choice.value;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw.startsWith('[') || raw.startsWith('{')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

function applyAnswers(model: SurveyModel, answers: Map<string, string>): void {
  for (const [name, raw] of answers) {
    const question = model.getQuestionByName(name);
    if (question) model.setValue(name, valueFor(question, raw));
  }
}

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });

type DownloadOptions = { content: unknown; callback: (status: string, data?: unknown) => void };

/**
 * Shows a file answer: from memory when it was chosen in this page (a patient's link cannot read stored files
 * back), else read with the session's token, since a stored file is never public (DESIGN 3).
 */
function downloadFile(files: FormFiles | undefined, chosen: ReadonlyMap<string, File>) {
  return (_: SurveyModel, options: DownloadOptions) => {
    const content = String(options.content);
    const local = chosen.get(content);
    const bytes =
      local !== undefined
        ? Promise.resolve<Blob>(local)
        : files?.canDownload && content.startsWith(`${apiBase}/`)
          ? api
              .getFile(content.slice(apiBase.length))
              .then((file) => file.blob)
              .catch((error: unknown) => {
                showToast(messages.downloadFailed, 'error');
                throw error;
              })
          : Promise.reject(new Error('The file cannot be shown here.'));
    bytes
      .then(readAsDataUrl)
      .then((url) => options.callback('success', url))
      .catch(() => options.callback('error'));
  };
}

/** How a file question reaches the server: where it uploads, and whether stored files can be read back. */
export interface FormFiles {
  uploadPath: string;
  /** A stored answer's file can be read back (staff, with the session's token); a patient's link cannot. */
  canDownload: boolean;
}

interface FormSurveyProps {
  definition: Record<string, unknown>;
  /** The form's title, shown by the survey when its definition names none. */
  title?: string;
  /** The answers to start from: a submission (View) or the frame's parameters (a new or duplicated form). */
  data?: Record<string, unknown>;
  answers?: Map<string, string>;
  readOnly?: boolean;
  files?: FormFiles;
  /** Stores the answers; a rejection with a 400 shows its messages beside the questions. */
  onSubmit?: (data: Record<string, unknown>) => Promise<void>;
  /** An answer was given or changed. */
  onChange?: () => void;
}

/**
 * A SurveyJS form in the app's colours and font. File answers are uploaded as they are chosen (never kept
 * as text in the answers), and read back with the session's token. Completing posts the answers; when the
 * server refuses them, the form comes back as it was with the reasons shown, to fix and send again.
 */
export function FormSurvey({
  definition,
  title,
  data,
  answers,
  readOnly = false,
  files,
  onSubmit,
  onChange,
}: FormSurveyProps) {
  const theme = useTheme();
  const [error, setError] = useState<string | null>(null);
  // Files chosen in this page, by the content their upload answered.
  const [chosen] = useState(() => new Map<string, File>());
  const [model] = useState(() => {
    const survey = new Model(definition);
    // Before any answer is set: setting a file answer loads its preview through this handler.
    survey.onDownloadFile.add(downloadFile(files, chosen));
    if (title && !survey.title) survey.title = title;
    // SurveyJS writes its titles as plain text; the form's title is the page's heading, its pages' below it.
    survey.onGetTitleTagName.add((_, options) => {
      const type = options.element.getType();
      if (type === 'survey') options.tagName = 'h1';
      else if (type === 'page') options.tagName = 'h2';
    });
    applyAppTheme(survey, theme);
    for (const question of survey.getAllQuestions(false, false, true)) {
      if (question.getType() === 'file') {
        question.setPropertyValue('storeDataAsText', false);
        question.setPropertyValue('waitForUpload', true);
      }
    }
    if (data) survey.data = data;
    if (answers) applyAnswers(survey, answers);
    if (readOnly) {
      survey.readOnly = true;
      survey.questionsOnPageMode = 'singlePage';
      survey.showCompletedPage = false;
    }
    return survey;
  });

  useEffect(() => {
    const handleUpload = (
      _: SurveyModel,
      options: { files: File[]; callback: (d: unknown, e?: unknown) => void },
    ) => {
      if (!files) return options.callback([], [formTexts.fileMissing]);
      Promise.all(options.files.map((file) => uploadFormFile(files.uploadPath, file)))
        .then((stored) => {
          const uploaded = stored.map((view, i) => {
            const file = options.files[i] as File;
            const content = view.url;
            chosen.set(content, file);
            return { file, content };
          });
          options.callback(uploaded);
        })
        .catch((failure: unknown) => options.callback([], [messageOf(failure)]));
    };
    const handleComplete = (sender: SurveyModel, options: { showSaveInProgress: () => void }) => {
      if (!onSubmit) return;
      setError(null);
      options.showSaveInProgress();
      onSubmit(sender.data as Record<string, unknown>).catch((failure: unknown) => {
        // Back to the form, answers kept, with the server's reasons beside the questions they concern.
        sender.clear(false, false);
        const fields = failure instanceof ApiError ? (failure.data.fields ?? {}) : {};
        for (const [name, message] of Object.entries(fields)) {
          sender.getQuestionByName(name.replace(/^data\./, ''))?.addError(message);
        }
        setError(messageOf(failure));
      });
    };
    model.onUploadFiles.add(handleUpload);
    model.onComplete.add(handleComplete);
    return () => {
      model.onUploadFiles.remove(handleUpload);
      model.onComplete.remove(handleComplete);
    };
  }, [model, files, chosen, onSubmit]);

  useEffect(() => {
    if (!onChange) return;
    const handleChange = () => onChange();
    model.onValueChanged.add(handleChange);
    return () => model.onValueChanged.remove(handleChange);
  }, [model, onChange]);

  return (
    <Stack sx={{ gap: 1 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Survey model={model} />
    </Stack>
  );
}

function messageOf(failure: unknown): string {
  return failure instanceof ApiError ? (failure.data.message ?? messages.serverError) : messages.serverError;
}
