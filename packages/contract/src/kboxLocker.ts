import { HEADERS } from './wire';
import type { KboxLockerAnswer } from './entities/kbox';

/**
 * A client of the lockers' API (`/api/kbox/locker/...`, docs/kbox.md): what a physical keybox calls with its
 * terminal token, and what the keybox simulator (`npm run kbox:simulator -w @strazce/server`, the simulator
 * button of /kbox/manager in development) drives. `fetch` is the caller's (Node's or the browser's).
 */
export interface KboxLockerClient {
  deposit(contentId: number, boxName: string): Promise<KboxLockerAnswer>;
  pickUp(pin: string): Promise<KboxLockerAnswer>;
  service(input: {
    name: 'SERVIS' | 'GOPARKING';
    cardNumber: string;
    pin: string;
    boxName?: string;
  }): Promise<KboxLockerAnswer>;
  status(status: 'OK' | 'ERROR' | 'WARNING'): Promise<void>;
}

/** A refusal of the locker API: the status and the error code (`X-Error-Code`). */
export class KboxLockerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`${status} ${code}`);
  }
}

export function kboxLockerClient(options: {
  /** The server's address (`http://localhost:8080`), or '' for the same origin. */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
}): KboxLockerClient {
  const send = options.fetch ?? fetch;
  const post = async (path: string, body: object): Promise<KboxLockerAnswer> => {
    const response = await send(`${options.baseUrl}/api/kbox/locker/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.clientToken]: options.token },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new KboxLockerError(response.status, response.headers.get(HEADERS.errorCode) ?? 'UNKNOWN');
    return (response.status === 204 ? null : await response.json()) as KboxLockerAnswer;
  };
  const uuid = () => globalThis.crypto.randomUUID();
  return {
    deposit: (contentId, boxName) => post('deposit', { uuid: uuid(), contentId, boxName }),
    pickUp: (pin) => post('pickup', { uuid: uuid(), pin }),
    service: (input) => post('service', { uuid: uuid(), ...input }),
    status: async (status) => {
      await post('status', { status });
    },
  };
}
