/** The TLS flags of the commands that reach a queue. */
export interface QueueTlsFlags {
  redisTlsCa?: string;
  redisTlsCert?: string;
  redisTlsKey?: string;
}

/** `--redis-tls-ca`, `--redis-tls-cert` and `--redis-tls-key`, as `.option(...)` arguments. */
export const queueTlsOptions = {
  ca: [
    '--redis-tls-ca <file>',
    'with a rediss:// queue: PEM file of the CA that signed the Redis server’s certificate (or FORGE_REDIS_TLS_CA)',
  ],
  cert: [
    '--redis-tls-cert <file>',
    'with a rediss:// queue: PEM client certificate, for a Redis that asks for one (or FORGE_REDIS_TLS_CERT)',
  ],
  key: [
    '--redis-tls-key <file>',
    'with a rediss:// queue: PEM key of the client certificate (or FORGE_REDIS_TLS_KEY)',
  ],
} as const;

/** The sdk's `queueTls` from the flags given (an empty object: the environment's, if any). */
export function queueTlsOf(flags: QueueTlsFlags): { ca?: string; cert?: string; key?: string } {
  return {
    ...(flags.redisTlsCa === undefined ? {} : { ca: flags.redisTlsCa }),
    ...(flags.redisTlsCert === undefined ? {} : { cert: flags.redisTlsCert }),
    ...(flags.redisTlsKey === undefined ? {} : { key: flags.redisTlsKey }),
  };
}
