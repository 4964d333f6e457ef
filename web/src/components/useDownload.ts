import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError, api, type RequestOptions } from '../lib/api';
import { apiErrorText } from '../lib/apiErrors';

/** The browser refused to save a file (downloads blocked, no object URLs). */
export class DownloadDeniedError extends Error {}

/** Hands a file to the browser's download; throws DownloadDeniedError when the browser refuses. */
export function saveBlob(blob: Blob, fileName: string): void {
  let url: string | null = null;
  try {
    url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } catch (cause) {
    throw new DownloadDeniedError('Browser denied file download', { cause });
  } finally {
    // The click has started the download; the URL is released once the browser has read it.
    const created = url;
    if (created) setTimeout(() => URL.revokeObjectURL(created), 60_000);
  }
}

/**
 * Downloads a file of the API with the session's headers and saves it under the given name. Failures are
 * reported: the API's error text, or 'Browser denied file download.' when the browser refuses to save it.
 * Resolves true when the file was handed to the browser.
 */
export function useDownload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    async (path: string, fileName: string, query?: RequestOptions['query']): Promise<boolean> => {
      try {
        saveBlob(await api.blob(path, { query, silent: true }), fileName);
        return true;
      } catch (error) {
        if (error instanceof ApiError || error instanceof NetworkError) message.error(apiErrorText(error, t));
        else message.error(t('error.downloadDenied'));
        return false;
      }
    },
    [message, t],
  );
}
