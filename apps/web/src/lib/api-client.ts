import { readToken } from './session/session-storage';

/** The JSON error body of every non-OK answer (DESIGN 2). */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** Any non-OK response raises an error carrying status and data (spec administration 7). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: ApiErrorBody;
  /** Whether the request carried a bearer token: a 401 then means the session ended. */
  readonly withToken: boolean;

  constructor(status: number, data: ApiErrorBody, withToken: boolean) {
    super(data.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.withToken = withToken;
  }
}

/** A 401 ends the session (app/api-errors): a screen's own failure message would only add noise. */
export const endsSession = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export const apiBase = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  signal?: AbortSignal;
  /**
   * The request outlives the page (a save on unload): the browser sends it even while the tab closes. The
   * fetch itself starts before `request` first awaits, so a caller that leaves at once still sends it.
   */
  keepalive?: boolean;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: undefined };
  }
}

function asErrorBody(body: unknown): ApiErrorBody {
  if (body && typeof body === 'object') {
    const { message, code, fields } = body as Record<string, unknown>;
    return {
      message: typeof message === 'string' ? message : undefined,
      code: typeof code === 'string' ? code : undefined,
      fields: fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
    };
  }
  return {};
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  { signal, keepalive }: RequestOptions = {},
): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal };
  if (keepalive) init.keepalive = true;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${apiBase}${path}`, init);
  const data = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, asErrorBody(data), token !== null);
  return data as T;
}

/** A file the server answered: its bytes and the name it gave in `Content-Disposition`, if any. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a `Content-Disposition` header: `filename*` (RFC 6266, UTF-8) before `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

/**
 * GET a file (a PDF or CSV report) with the bearer header, as bytes: a browser navigation cannot carry the
 * token (decision 0013). A non-OK answer raises `ApiError` with the JSON error body, as every call does.
 */
export async function getFile(path: string, { signal }: RequestOptions = {}): Promise<ApiFile> {
  const token = readToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBase}${path}`, { headers, signal });
  if (!response.ok) {
    throw new ApiError(response.status, asErrorBody(await parseBody(response)), token !== null);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The one HTTP client of the web app. It raises errors; toasts are the app's concern (app/api-errors). */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  getFile,
};
