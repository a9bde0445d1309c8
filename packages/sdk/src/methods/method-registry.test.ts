import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { loadMethod, optionalMethod, registerMethod } from './method-registry.js';

describe('peer methods', () => {
  it('load their package on first use', async () => {
    expect((await loadMethod('gepa')).id).toBe('gepa');
  });

  it('say which package to install when theirs is missing', async () => {
    registerMethod(
      optionalMethod('ace', '@forge/method-ace', async () => {
        throw Object.assign(
          new Error(
            "Cannot find package '@forge/method-ace' imported from /app/node_modules/@forge/sdk/dist/methods/method-registry.js",
          ),
          { code: 'ERR_MODULE_NOT_FOUND' },
        );
      }),
      'ace-missing',
    );
    const error = await loadMethod('ace-missing').catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'method "ace" needs @forge/method-ace: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
  });
});
