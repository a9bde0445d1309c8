import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { importOptional, isMissingPackage, requireOptional } from './optional-package.js';

/** The error Node's ESM loader throws for a package that is not installed. */
function esmNotFound(specifier: string): Error {
  return Object.assign(
    new Error(
      `Cannot find package '${specifier}' imported from /app/node_modules/@forge/sdk/dist/x.js`,
    ),
    { code: 'ERR_MODULE_NOT_FOUND' },
  );
}

/** The error `require()` throws for a package that is not installed. */
function cjsNotFound(specifier: string): Error {
  return Object.assign(
    new Error(
      `Cannot find module '${specifier}'\nRequire stack:\n- /app/node_modules/@forge/sdk/dist/x.js`,
    ),
    { code: 'MODULE_NOT_FOUND' },
  );
}

const aime = {
  purpose: 'benchmark "aime"',
  packageName: '@forge/bench-aime',
  argument: 'benchmark',
};

describe('importOptional', () => {
  it('turns a missing package into an InvalidArgumentError that says how to install it', async () => {
    const error = await importOptional(aime, async () => {
      throw esmNotFound('@forge/bench-aime');
    }).catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).message).toBe(
      'benchmark "aime" needs @forge/bench-aime: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
    expect((error as InvalidArgumentError).argument).toBe('benchmark');
    expect((error as InvalidArgumentError).cause).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  it('passes through a missing dependency of an installed package, and other errors', async () => {
    const transitive = esmNotFound('zod');
    await expect(importOptional(aime, async () => Promise.reject(transitive))).rejects.toBe(
      transitive,
    );
    const broken = new SyntaxError('Unexpected token');
    await expect(importOptional(aime, async () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('returns what the loader returns', async () => {
    await expect(importOptional(aime, async () => 42)).resolves.toBe(42);
  });
});

describe('requireOptional', () => {
  it('maps a CommonJS MODULE_NOT_FOUND for the package', () => {
    const openai = {
      purpose: 'provider "openai"',
      packageName: '@forge/provider-openai',
      argument: 'model',
    };
    expect(() =>
      requireOptional(openai, () => {
        throw cjsNotFound('@forge/provider-openai');
      }),
    ).toThrow(
      'provider "openai" needs @forge/provider-openai: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
    expect(requireOptional(openai, () => 'factory')).toBe('factory');
  });
});

describe('isMissingPackage', () => {
  it('recognises the package, a subpath of it, and nothing else', () => {
    expect(isMissingPackage(esmNotFound('tsx'), 'tsx')).toBe(true);
    expect(
      isMissingPackage(
        Object.assign(
          new Error("Cannot find module '/x/node_modules/tsx/dist/esm/api/index.mjs'"),
          {
            code: 'ERR_MODULE_NOT_FOUND',
          },
        ),
        'tsx',
      ),
    ).toBe(false);
    expect(isMissingPackage(cjsNotFound('tsx/esm/api'), 'tsx')).toBe(true);
    expect(isMissingPackage(esmNotFound('@forge/bench-aime'), '@forge/bench-aime')).toBe(true);
    expect(isMissingPackage(esmNotFound('@forge/bench-aime-extra'), '@forge/bench-aime')).toBe(
      false,
    );
    expect(
      isMissingPackage(new Error("Cannot find package '@forge/bench-aime'"), '@forge/bench-aime'),
    ).toBe(false);
  });
});
