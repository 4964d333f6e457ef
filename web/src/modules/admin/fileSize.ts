import { numberFormat } from '../../lib/format';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
const STEP = 1024;

/** A size in bytes as people read it: `512 B`, `1.5 kB`, `12 MB` (`1,5 kB` in Czech); binary steps, as limits count. */
export function formatFileSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = numberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** Bytes of a limit given in megabytes (the site's FILE_MAX_SIZE_MB). */
export const megabytes = (mb: number) => mb * STEP * STEP;
