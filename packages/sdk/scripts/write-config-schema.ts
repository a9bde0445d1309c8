// Regenerates forge.config.schema.json from the zod schema: pnpm --filter @forge/sdk schema
import { writeFileSync } from 'node:fs';
import { forgeConfigJsonSchema } from '../src/config/forge-config-schema.js';

const target = new URL('../forge.config.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(forgeConfigJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
