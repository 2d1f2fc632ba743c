import { parentPort } from 'node:worker_threads';
import { type PdfRenderRequest, renderReportsHere } from './patient-report-render.js';

/** The render thread's side (`pdf-render-thread.ts`): one answer, the PDF or the error's message, per request. */
parentPort!.on('message', async ({ id, request }: { id: number; request: PdfRenderRequest }) => {
  try {
    const pdf = await renderReportsHere(request);
    parentPort!.postMessage({ id, pdf });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
