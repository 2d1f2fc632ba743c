import type { ApiFile } from './api-client';

/** How long a file's blob URL lives: long enough for the tab or the download to read it. */
const blobUrlLifetimeMs = 60_000;

/** Saves bytes under a name, as a download (`<a download>`): a CSV report (decision 0013). */
export function saveFile({ blob, fileName }: ApiFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), blobUrlLifetimeMs);
}

/**
 * A tab for a PDF that is still being fetched. It must be opened in the click itself, or the browser's popup
 * blocker stops it; the bytes arrive later (decision 0013).
 */
export interface PendingTab {
  /** Shows the file in the tab; saves it instead when no tab could be opened (a popup blocker). */
  show: (file: ApiFile, fallbackName: string) => void;
  /** The file did not come: the empty tab goes away. */
  close: () => void;
}

/** Opens an empty tab now, at the click, for a PDF to be shown in it later; `title` names it meanwhile. */
export function openPendingTab(title?: string): PendingTab {
  const tab = window.open('', '_blank');
  if (tab && title) tab.document.title = title;
  return {
    show(file, fallbackName) {
      if (!tab) {
        saveFile(file, fallbackName);
        return;
      }
      // The user closed the waiting tab: they no longer want the file.
      if (tab.closed) return;
      // The browser shows a PDF inline only when the blob says what it is.
      const blob = file.blob.type ? file.blob : new Blob([file.blob], { type: 'application/pdf' });
      const url = URL.createObjectURL(blob);
      // The PDF needs nothing from this page: cut the link back to it before it loads.
      tab.opener = null;
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), blobUrlLifetimeMs);
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
