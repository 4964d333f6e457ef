import { CHUNK_LOAD_TIMEOUT_MS } from '@strazce/contract';

/** How long a page chunk may take to load before the load counts as failed (spec section 9). */
export { CHUNK_LOAD_TIMEOUT_MS };

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Page load timed out');
  }
}

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
