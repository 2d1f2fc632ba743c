import { Worker } from 'node:worker_threads';
import type { PdfRenderRequest } from './patient-report-render.js';

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

/**
 * PDFs are laid out in a worker thread of their own, so a batch of many patients (seconds of synchronous
 * layout) never holds the thread that answers requests. One thread, started at the first render and kept;
 * it does not keep the process alive while idle. Requests are answered in any order, each by its id. If the
 * thread dies, its pending renders fail and the next render starts a new one.
 */
export function createPdfRenderThread(workerUrl = new URL('./pdf-render.worker.ts', import.meta.url)) {
  // The server runs TypeScript through tsx: the thread loads the same way, wherever the process started.
  const tsx = import.meta.resolve('tsx/esm/api');
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const start = () => {
    const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(workerUrl.href)}, __filename))`;
    const thread = new Worker(boot, { eval: true });
    thread.on('message', ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
      const request = pending.get(id);
      if (!request) return;
      pending.delete(id);
      if (!pending.size) thread.unref();
      if (pdf) request.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      else request.reject(new Error(`The PDF could not be rendered: ${error}`));
    });
    const gone = (error: Error) => {
      if (worker === thread) worker = undefined;
      failAll(error);
    };
    thread.on('error', gone);
    thread.on('exit', (code) => gone(new Error(`The PDF render thread stopped (exit code ${code})`)));
    return thread;
  };

  return {
    render(request: PdfRenderRequest): Promise<Buffer> {
      worker ??= start();
      const thread = worker;
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        try {
          thread.postMessage({ id, request });
        } catch (error) {
          // Data that cannot be copied to the thread: this render fails, the others go on.
          pending.delete(id);
          if (!pending.size) thread.unref();
          reject(error as Error);
        }
      });
    },
    /** Stops the thread; renders still pending fail. */
    async close(): Promise<void> {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

export type PdfRenderThread = ReturnType<typeof createPdfRenderThread>;
