// A process racing for a lease (used by file-lease.test.ts): waits until the given moment so all
// racers start together, tries once, prints `won` or `held`, and keeps a won lease until the
// test ends it (a winner that left early would let a late racer take its dead lease).
// Judging the found lease takes 300 ms here, so every racer has read the dead lease before any
// of them replaces it: the window a careless take-over would lose in is wide open.
import { acquireLease } from '../file-lease.js';
import { LeaseHeldError } from '../lease-error.js';
import { localLeaseObserver } from '../machine-identity.js';

const [path, startAt] = process.argv.slice(2) as [string, string];
const spinUntil = (moment: number) => {
  while (Date.now() < moment) {
    // Spin: a timer would add its own jitter.
  }
};
spinUntil(Number(startAt));
try {
  acquireLease(path, {
    description: `racer ${process.pid}`,
    heartbeatMs: false,
    observer: (now) => {
      spinUntil(Number(startAt) + 300);
      return localLeaseObserver(now);
    },
  });
  process.stdout.write('won\n');
  setTimeout(() => process.exit(0), 60_000);
} catch (error) {
  process.stdout.write(LeaseHeldError.isInstance(error) ? 'held\n' : `error ${String(error)}\n`);
}
