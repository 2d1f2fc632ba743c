import { createHmac } from 'node:crypto';
import type { FormAdminView, FormInput } from '@vigil/core';
import { expect } from 'vitest';
import { multipartFile } from '../../test/multipart.js';
import type { Who, World } from '../patients/patient-fixtures.js';

/** A hosted form with every answer type the panel shows in words. */
export const everyTypeDefinition = {
  pages: [
    {
      elements: [
        { type: 'text', name: 'patientName', title: 'Patient name' },
        { type: 'comment', name: 'notes', title: 'Notes' },
        {
          type: 'radiogroup',
          name: 'feeling',
          title: 'How do you feel today?',
          isRequired: true,
          choices: [
            { value: 'good', text: 'Good' },
            { value: 'poor', text: 'Not so good' },
          ],
        },
        {
          type: 'checkbox',
          name: 'symptoms',
          title: 'Symptoms',
          showNoneItem: true,
          choices: [
            { value: 'swelling', text: 'Swelling' },
            { value: 'breath', text: 'Breathlessness' },
          ],
        },
        { type: 'boolean', name: 'consent', title: 'Consent given', isRequired: true },
        { type: 'rating', name: 'energy', title: 'Energy', rateMin: 1, rateMax: 5 },
        {
          type: 'dropdown',
          name: 'device',
          title: 'Device',
          choices: [
            { value: 'cuff', text: 'BP cuff' },
            { value: 'scale', text: 'Scale' },
          ],
        },
        { type: 'text', name: 'followUp', title: 'Follow-up appointment', inputType: 'datetime-local' },
      ],
    },
    { elements: [{ type: 'file', name: 'photo', title: 'Photo of swelling', allowMultiple: true }] },
  ],
};

let folderCounter = 0;
/** A folder made by the operator's admin; answers its id. */
export async function addFolder(w: World, name = `Folder ${++folderCounter}`): Promise<string> {
  const res = await w.as('circleAdmin').post('/api/form-admin/folders', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** A form made by the operator's admin; answers its admin view. */
export async function addForm(w: World, input: FormInput): Promise<FormAdminView> {
  const res = await w.as('circleAdmin').post('/api/form-admin/forms', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export const hostedInput = (
  folderId: string,
  title: string,
  definition: Record<string, unknown>,
): FormInput => ({
  kind: 'HOSTED',
  title,
  folderId,
  definition,
  prefill: [],
  retired: false,
});

/** Uploads an answer's file for a patient as a signed-in user; answers the response. */
export function uploadFile(w: World, who: Who, patientId: string, name: string, type: string, bytes: Buffer) {
  const file = multipartFile('file', name, type, bytes);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/forms/${patientId}/files`,
    headers: { ...file.headers, authorization: `Bearer ${w.tokens[who]}` },
    payload: file.payload,
  });
}

/** Uploads a file through a patient's link, signed out. */
export function uploadThroughLink(w: World, token: string, name: string, type: string, bytes: Buffer) {
  const file = multipartFile('file', name, type, bytes);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/form-links/${token}/files`,
    headers: file.headers,
    payload: file.payload,
  });
}

/** A file answer's value, as SurveyJS keeps it. */
export const fileAnswer = (patientId: string, file: { _id: string; name: string; type: string }) => ({
  name: file.name,
  type: file.type,
  content: `/api/forms/${patientId}/files/${file._id}`,
});

/** Posts an external form's submission, signed with `secret` (or with the header given). */
export function postWebhook(w: World, formId: string, body: unknown, secret: string, signature?: string) {
  const raw = JSON.stringify(body);
  const sig = signature ?? `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  return w.t.app.inject({
    method: 'POST',
    url: `/api/webhooks/forms/${formId}`,
    headers: { 'content-type': 'application/json', 'x-vigil-signature': sig },
    payload: raw,
  });
}

/** A minimal real PDF. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
