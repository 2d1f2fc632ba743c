import { SessionUser } from '@vigil/core';

/**
 * Session data lives in sessionStorage (spec administration 4): it survives a reload of the tab, not the
 * closing of it, and is not shared with other tabs.
 */
export const sessionKeys = {
  token: 'vigil.session.token',
  user: 'vigil.session.user',
  /** The protected URL a signed-out user tried to open; used once after the next sign-in. */
  redirectUrl: 'vigil.session.redirectUrl',
  /**
   * The patient priority list's saved filter (status, search, clinic...). The list writes it; opening a
   * clinic from the clinics dashboard removes it, so the list starts from that clinic's defaults.
   */
  priorityListFilters: 'vigil.priorityList.filters',
  /** The clinician patient list's state: search, sort and filters. */
  clinicianListFilters: 'vigil.clinicianList.filters',
  /** The ids of the list last shown, in order, and the list: the detail page's Previous, Next and Back. */
  patientListIds: 'vigil.patientList.ids',
  /** The patient whose detail page is counting time now, and since when (spec patients 4). */
  trackedPatient: 'vigil.timeTracking.patient',
  /** The patients whose timer the user stopped by hand: it does not start by itself there again. */
  stoppedTimers: 'vigil.timeTracking.stopped',
} as const;

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export function readToken(): string | null {
  return sessionStorage.getItem(sessionKeys.token);
}

/** The stored session, or null when there is none or it no longer parses (then it is dropped). */
export function readSession(): StoredSession | null {
  const token = sessionStorage.getItem(sessionKeys.token);
  const rawUser = sessionStorage.getItem(sessionKeys.user);
  if (!token || !rawUser) return null;
  try {
    const user = SessionUser.safeParse(JSON.parse(rawUser));
    if (user.success) return { token, user: user.data };
  } catch {
    // Unreadable JSON is treated like no session.
  }
  clearSessionStorage();
  return null;
}

export function writeSession(session: StoredSession): void {
  sessionStorage.setItem(sessionKeys.token, session.token);
  sessionStorage.setItem(sessionKeys.user, JSON.stringify(session.user));
}

export function writeUser(user: SessionUser): void {
  sessionStorage.setItem(sessionKeys.user, JSON.stringify(user));
}

/** Sign-out and any 401 clear all of session storage (spec administration 4: Session). */
export function clearSessionStorage(): void {
  sessionStorage.clear();
}

export function saveRedirectUrl(url: string): void {
  sessionStorage.setItem(sessionKeys.redirectUrl, url);
}

/** Reads and forgets the saved redirect URL. */
export function takeRedirectUrl(): string | null {
  const url = sessionStorage.getItem(sessionKeys.redirectUrl);
  sessionStorage.removeItem(sessionKeys.redirectUrl);
  return url;
}

/** Forgets the saved patient list filter (clinics dashboard: a row click resets it). */
export function clearSavedListFilters(): void {
  sessionStorage.removeItem(sessionKeys.priorityListFilters);
}

/** Reads a JSON value stored by the app; null when missing or unreadable (then it is treated as absent). */
export function readStoredJson(key: string): unknown {
  const raw = sessionStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}

/** The patient list a detail page was opened from, with every id of its filtered, sorted result. */
export interface StoredPatientListIds {
  /** The list's path with its query string, where Back returns to. */
  origin: string;
  ids: string[];
}

export function writePatientListIds(list: StoredPatientListIds): void {
  writeStoredJson(sessionKeys.patientListIds, list);
}

export function readPatientListIds(): StoredPatientListIds | null {
  const stored = readStoredJson(sessionKeys.patientListIds);
  if (!stored || typeof stored !== 'object') return null;
  const { origin, ids } = stored as Record<string, unknown>;
  if (typeof origin !== 'string' || !Array.isArray(ids)) return null;
  return { origin, ids: ids.filter((id): id is string => typeof id === 'string') };
}

/** The patient whose timer runs, and when the count began (ISO instant). */
export interface TrackedPatient {
  patientId: string;
  startedAt: string;
}

export function writeTrackedPatient(tracked: TrackedPatient | null): void {
  if (tracked) writeStoredJson(sessionKeys.trackedPatient, tracked);
  else sessionStorage.removeItem(sessionKeys.trackedPatient);
}

export function readTrackedPatient(): TrackedPatient | null {
  const stored = readStoredJson(sessionKeys.trackedPatient);
  if (!stored || typeof stored !== 'object') return null;
  const { patientId, startedAt } = stored as Record<string, unknown>;
  return typeof patientId === 'string' && typeof startedAt === 'string' ? { patientId, startedAt } : null;
}

function readStoppedTimers(): string[] {
  const stored = readStoredJson(sessionKeys.stoppedTimers);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export function isTimerStopped(patientId: string): boolean {
  return readStoppedTimers().includes(patientId);
}

/** Stop by hand adds the patient, Start by hand removes it. */
export function markTimerStopped(patientId: string, stopped: boolean): void {
  const others = readStoppedTimers().filter((id) => id !== patientId);
  writeStoredJson(sessionKeys.stoppedTimers, stopped ? [...others, patientId] : others);
}
