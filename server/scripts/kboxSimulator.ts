/**
 * The keybox simulator (docs/kbox.md): drives the lockers' API as a physical keybox would, so the whole flow can
 * be tried without hardware.
 *
 *   npm run kbox:simulator -w @strazce/server -- <command> [arguments]
 *
 *   deposit <contentId> <boxName>     the parcel with this content id goes into the box
 *   pickup <pin>                      somebody types the pick-up PIN
 *   service <SERVIS|GOPARKING> <card> <pin> [boxName]
 *   status <OK|ERROR|WARNING>         the locker reports its state (any call is a sign of life)
 *   heartbeat [seconds]               reports OK every so many seconds (30 by default) until stopped
 *
 * KBOX_URL is the server (http://localhost:8080 by default), KBOX_TOKEN the keybox's token (shown once when
 * the keybox is created on /kbox/manager, or by its "New token" action).
 */
import { KboxLockerError, kboxLockerClient } from '@strazce/contract';

const USAGE =
  'usage: kbox:simulator deposit <contentId> <boxName> | pickup <pin> | ' +
  'service <SERVIS|GOPARKING> <card> <pin> [boxName] | status <OK|ERROR|WARNING> | heartbeat [seconds]';

async function main(argv: string[]): Promise<void> {
  const token = process.env.KBOX_TOKEN;
  if (!token) throw new Error('Set KBOX_TOKEN to the keybox’s token');
  const locker = kboxLockerClient({ baseUrl: process.env.KBOX_URL ?? 'http://localhost:8080', token });
  const [command, ...args] = argv;
  switch (command) {
    case 'deposit':
      if (!args[0] || !args[1]) throw new Error(USAGE);
      return print(await locker.deposit(Number(args[0]), args[1]));
    case 'pickup':
      if (!args[0]) throw new Error(USAGE);
      return print(await locker.pickUp(args[0]));
    case 'service': {
      const [name, cardNumber, pin, boxName] = args;
      if ((name !== 'SERVIS' && name !== 'GOPARKING') || !cardNumber || !pin) throw new Error(USAGE);
      return print(await locker.service({ name, cardNumber, pin, boxName }));
    }
    case 'status': {
      const status = args[0];
      if (status !== 'OK' && status !== 'ERROR' && status !== 'WARNING') throw new Error(USAGE);
      await locker.status(status);
      return print({ status });
    }
    case 'heartbeat': {
      const seconds = Number(args[0] ?? 30);
      for (;;) {
        await locker.status('OK');
        print({ status: 'OK', at: new Date().toISOString() });
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      }
    }
    default:
      throw new Error(USAGE);
  }
}

function print(value: unknown): void {
  console.log(JSON.stringify(value));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof KboxLockerError ? `refused: ${error.message}` : (error as Error).message);
  process.exit(1);
});
