/** Web NFC (Chrome on Android): the parts the terminal uses, not in TypeScript's DOM library. */
interface NdefRecord {
  recordType: string;
  encoding?: string | null;
  data?: DataView | null;
}
interface NdefReadingEvent extends Event {
  serialNumber: string;
  message: { records: NdefRecord[] };
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefReader;

/** Whether the browser reads NFC tags (Web NFC). */
export function nfcSupported(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window;
}

/** The tag's text: its first text record, decoded. */
function firstText(records: NdefRecord[]): string | null {
  const record = records.find((one) => one.recordType === 'text' && one.data);
  if (!record?.data) return null;
  try {
    return new TextDecoder(record.encoding ?? 'utf-8').decode(record.data).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Reads NFC tags until `signal` aborts: each tag gives what may be its id, its first text record and its serial
 * number (`candidates`, in that order; the page takes the one that names a checkpoint of the route). Rejects
 * when reading is refused (permission) or impossible (NFC off).
 */
export async function readNfcTags(onTag: (candidates: string[]) => void, signal: AbortSignal): Promise<void> {
  const Reader = (window as unknown as { NDEFReader: NdefReaderConstructor }).NDEFReader;
  const reader = new Reader();
  reader.addEventListener('reading', (event) => {
    const { serialNumber, message } = event as NdefReadingEvent;
    const candidates = [firstText(message?.records ?? []), serialNumber?.trim() || null].filter(
      (value): value is string => Boolean(value),
    );
    if (candidates.length) onTag(candidates);
  });
  await reader.scan({ signal });
}
