import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** PEM files of a throwaway CA and a server certificate it signed, for `127.0.0.1`/`localhost`. */
export interface TestCertificates {
  /** The CA's certificate. */
  readonly ca: string;
  /** The server's certificate. */
  readonly cert: string;
  /** The server's private key. */
  readonly key: string;
  /** A second CA's certificate, which signed nothing here (a wrong CA). */
  readonly otherCa: string;
}

/**
 * Makes a throwaway CA and a server certificate with `openssl` (Debian's package) in `dir`:
 * for tests of TLS against a real server; nothing leaves the directory.
 */
export function makeTestCertificates(dir: string): TestCertificates {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  for (const ca of ['ca', 'other-ca']) {
    openssl(
      ...[
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=forge-test-${ca}`,
      ],
      ...['-keyout', file(`${ca}.key`), '-out', file(`${ca}.pem`)],
    );
  }
  openssl(
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost'],
    ...['-keyout', file('server.key'), '-out', file('server.csr')],
  );
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    ...['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')],
    ...[
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      file('server.ext'),
      '-out',
      file('server.pem'),
    ],
  );
  return {
    ca: file('ca.pem'),
    cert: file('server.pem'),
    key: file('server.key'),
    otherCa: file('other-ca.pem'),
  };
}
