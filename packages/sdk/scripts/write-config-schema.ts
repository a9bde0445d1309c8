// Regenerates forge.config.schema.json and forge.suite.schema.json from the zod schemas:
// pnpm --filter @forge/sdk schema
import { writeFileSync } from 'node:fs';
import { forgeConfigJsonSchema } from '../src/config/forge-config-schema.js';
import { suiteConfigJsonSchema } from '../src/suite/suite-config-schema.js';

for (const [name, schema] of [
  ['forge.config.schema.json', forgeConfigJsonSchema()],
  ['forge.suite.schema.json', suiteConfigJsonSchema()],
] as const) {
  const target = new URL(`../${name}`, import.meta.url);
  writeFileSync(target, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${target.pathname}`);
}
