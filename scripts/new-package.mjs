#!/usr/bin/env node
// Creates the files every workspace package shares: package.json (with the publish metadata
// every public package carries), two tsconfigs, a vitest project, src/index.ts and a README to
// fill in. Usage: node scripts/new-package.mjs <folder> <@forge/name> "<description>"
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [folder, name, description = ''] = process.argv.slice(2);
if (!folder || !name) {
  console.error('usage: node scripts/new-package.mjs <folder> <@forge/name> "<description>"');
  process.exit(2);
}
if (existsSync(join(folder, 'package.json'))) {
  console.error(`${folder}/package.json exists already`);
  process.exit(2);
}
const root = relative(folder, '.') || '.';
const repository = 'https://github.com/forge-optimizer/forge';
// The path inside the repository, as `repository.directory` and the homepage name it.
const directory = relative('.', folder).split('\\').join('/');
mkdirSync(join(folder, 'src'), { recursive: true });
const write = (file, text) => writeFileSync(join(folder, file), text);
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

write(
  'package.json',
  json({
    name,
    version: '0.1.0',
    description,
    license: 'MIT',
    repository: { type: 'git', url: `git+${repository}.git`, directory },
    homepage: `${repository}/tree/main/${directory}#readme`,
    bugs: { url: `${repository}/issues` },
    type: 'module',
    sideEffects: false,
    // `default` lets `require()` load the package on Node >= 20.19 (require of ES modules);
    // keep top-level await out of its entry graph, or require() fails.
    exports: {
      '.': { types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' },
      './package.json': './package.json',
    },
    main: './dist/index.js',
    types: './dist/index.d.ts',
    files: ['dist', '!dist/**/*.test.*', '!dist/**/*.bench.*'],
    engines: { node: '>=20.19' },
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      typecheck: 'tsc -p tsconfig.json --noEmit',
      test: 'vitest run',
    },
    dependencies: {},
    devDependencies: {},
  }),
);
write(
  'tsconfig.json',
  json({
    extends: `${root}/tsconfig.base.json`,
    compilerOptions: { rootDir: 'src', outDir: 'dist' },
    include: ['src'],
  }),
);
write(
  'tsconfig.build.json',
  json({
    extends: './tsconfig.json',
    exclude: ['src/**/*.test.ts', 'src/**/*.bench.ts', 'src/**/__fixtures__/**'],
  }),
);
write(
  'vitest.config.ts',
  `import { defineProject } from 'vitest/config';\n\nexport default defineProject({\n  test: { name: '${name}', environment: 'node' },\n});\n`,
);
write('src/index.ts', 'export {};\n');
// Dependencies go in as `workspace:^` (published as a caret range) for Forge packages and as
// caret ranges for third-party libraries; a NOTICE file goes into `files` beside `dist`.
write(
  'README.md',
  `# ${name}\n\n${description}\n\n## Install\n\n\`\`\`sh\nnpm install ${name}\n\`\`\`\n\n## Example\n\n## API\n`,
);
console.log(`created ${folder} (${name})`);
