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

/** The one HTTP client of the web app. It raises errors; toasts are the app's concern (app/api-errors). */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
