// The sdk's public types never name `@forge/queue`: it is an optional peer, so a project without
// it must still type-check the sdk's declarations (`skipLibCheck: false`). Where these values
// cross to the queue, the compiler checks that the queue's own types accept them.

/** PEM files for a `rediss://` queue. */
export interface QueueTlsFiles {
  /** The CA certificate(s) that signed the server's certificate (a private CA); default the system's CAs. */
  readonly ca?: string;
  /** A client certificate, for a Redis that asks for one (`tls-auth-clients yes`). */
  readonly cert?: string;
  /** The client certificate's private key. */
  readonly key?: string;
}

/** How the sdk's queued-suite functions reach Redis besides the URL. */
export interface QueueConnectionOptions {
  /** The queue's Redis: `redis://[user[:password]@]host:port[/db]` or `rediss://…` (TLS). */
  readonly queue: string;
  /**
   * PEM files for a `rediss://` queue: the CA that signed the server's certificate, a client
   * certificate and its key. Default `FORGE_REDIS_TLS_CA`, `FORGE_REDIS_TLS_CERT`,
   * `FORGE_REDIS_TLS_KEY`.
   */
  readonly queueTls?: QueueTlsFiles;
  /** Environment to read those and `FORGE_REDIS_PASSWORD` from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
}
