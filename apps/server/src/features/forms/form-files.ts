import { randomUUID } from 'node:crypto';
import { AppError, formFileTypes, formTexts } from '@vigil/core';
import type { DbOrTx } from '../../db/client.js';
import type { FormFileRow } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { detectContentType } from '../messages/attachment-content.js';
import { cleanFileName } from '../messages/messages.service.js';
import { createFormsRepository } from './forms.repository.js';

/** An upload as the route read it: the name the browser gave and the bytes. */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const invalid = (message: string) => new AppError('VALIDATION', message, { file: message });

/**
 * Stores an answer's file (DESIGN 3, patient data): a PDF, JPEG or PNG by its content, never its name or the
 * client's claim (the route read at most 10 MB), under a key with the clinic and the patient, unattached until a submission
 * claims it.
 */
export async function storeFormFile(
  deps: { db: DbOrTx; storage: FileStorage },
  owner: { clinicId: string; patientId: string; uploadedBy: string | null; linkId: string | null },
  file: UploadedFile,
  now: Date,
): Promise<FormFileRow> {
  if (file.bytes.length === 0) throw invalid(formTexts.fileMissing);
  const type = await detectContentType(file.bytes);
  if (!(formFileTypes as readonly string[]).includes(type)) throw invalid(formTexts.fileType);
  const id = randomUUID();
  const storageKey = `forms/${owner.clinicId}/${owner.patientId}/${id}`;
  await deps.storage.put(storageKey, file.bytes);
  return createFormsRepository(deps.db).insertFile({
    id,
    clinicId: owner.clinicId,
    patientId: owner.patientId,
    storageKey,
    name: cleanFileName(file.fileName),
    type,
    size: file.bytes.length,
    uploadedBy: owner.uploadedBy,
    linkId: owner.linkId,
    createdAt: now,
  });
}
