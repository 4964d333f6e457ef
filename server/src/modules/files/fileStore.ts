import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile, supportedExtensions } from 'file-type';
import { AppError } from '../../platform/errors';

/** Executable formats never accepted, whatever their name says. */
const REFUSED_TYPES = new Set([
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/x-executable',
]);

/** Plain-text formats that no signature reveals: their declared type is kept, any other becomes binary. */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'application/json', 'application/xml', 'text/xml']);

/** Extensions that name the same format as the sniffed extension. */
const SAME_FORMAT: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe'],
  tif: ['tiff'],
  mp4: ['m4v'],
  xml: ['svg'],
};

export interface StoredContent {
  storageKey: string;
  type: string;
  size: number;
}

/** The content of stored files on the file system: `<dir>/<2 hex>/<uuid>`, written via a temporary file. */
export class FileStore {
  constructor(readonly dir: string) {
    fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  }

  pathOf(storageKey: string): string {
    if (!/^[0-9a-f]{2}\/[0-9a-f-]{36}$/.test(storageKey))
      throw new Error(`Invalid storage key ${storageKey}`);
    return path.join(this.dir, storageKey);
  }

  /**
   * Writes an uploaded stream, then checks its content: the sniffed type must agree with the file name's
   * extension, executables are refused, and so is a type `accept` (when given) does not take. The stream's own
   * size limit ends the write with 413.
   */
  async store(
    content: Readable,
    fileName: string,
    declaredType: string,
    accept?: (type: string) => boolean,
  ): Promise<StoredContent> {
    const id = randomUUID();
    const temporary = path.join(this.dir, 'tmp', id);
    try {
      await pipeline(content, fs.createWriteStream(temporary, { flags: 'wx' }));
      if ((content as Readable & { truncated?: boolean }).truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', 'File is larger than the site allows');
      const type = await checkedType(temporary, fileName, declaredType);
      if (accept && !accept(type))
        throw new AppError('FILE_TYPE_REFUSED', `Files of the type ${type} are not accepted here`, [
          { path: 'file', message: 'validation.fileTypeRefused' },
        ]);
      const { size } = await fs.promises.stat(temporary);
      const storageKey = `${id.slice(0, 2)}/${id}`;
      await fs.promises.mkdir(path.dirname(this.pathOf(storageKey)), { recursive: true });
      await fs.promises.rename(temporary, this.pathOf(storageKey));
      return { storageKey, type, size };
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  }

  open(storageKey: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(storageKey));
  }

  async exists(storageKey: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(storageKey)).then(
      () => true,
      () => false,
    );
  }

  async remove(storageKey: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storageKey), { force: true });
  }
}

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1].toLowerCase() : '';
}

async function checkedType(file: string, fileName: string, declaredType: string): Promise<string> {
  const sniffed = await fileTypeFromFile(file);
  const extension = extensionOf(fileName);
  if (sniffed && REFUSED_TYPES.has(sniffed.mime))
    throw new AppError('FILE_TYPE_REFUSED', 'Executable files are not accepted');
  const named = extension !== '' && supportedExtensions.has(extension as never);
  const agrees =
    sniffed && (extension === sniffed.ext || (SAME_FORMAT[sniffed.ext] ?? []).includes(extension));
  if (sniffed ? named && !agrees : named && !TEXT_EXTENSIONS.has(extension))
    throw new AppError('FILE_TYPE_MISMATCH', 'File content does not match its name', [
      { path: 'file', message: 'validation.fileTypeMismatch' },
    ]);
  if (sniffed) return sniffed.mime;
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  return TEXT_TYPES.has(declared) ? declared : 'application/octet-stream';
}

/** Extensions file-type knows whose content may still carry no signature (text-based formats). */
const TEXT_EXTENSIONS = new Set(['xml', 'svg', 'csv', 'txt', 'json', 'ics', 'vtt', 'srt']);
