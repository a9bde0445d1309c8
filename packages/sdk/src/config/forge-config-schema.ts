import { z } from 'zod';

// Built-in providers whose adapters talk to one server; `openai` and user providers may pool.
const unpooledProviders = new Set(['anthropic', 'ollama', 'local', 'sim']);

/** Settings of one model: limits and request defaults. */
export const modelSettingsSchema = z
  .object({
    model: z
      .string()
      .describe('Model string "provider:model", e.g. "openai:gpt-5.5" or "ollama:qwen3:8b".'),
    concurrency: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        "Calls in flight at once. Default: for the task model, the run's task evaluations in flight (see `concurrency`); 8 for the other roles.",
      ),
    requestsPerMinute: z.number().positive().optional().describe('Requests-per-minute limit.'),
    tokensPerMinute: z.number().positive().optional().describe('Tokens-per-minute limit.'),
    timeoutMs: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Per-attempt timeout in milliseconds. Default 600000.'),
    maxRetries: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        'Retries on 408/409/429/5xx, connection errors, timeouts and unreadable bodies. Default 4.',
      ),
    retryDelayMs: z
      .number()
      .min(0)
      .optional()
      .describe(
        "Backoff before the first retry in milliseconds, doubling per retry (a server's retry-after wins). Default 1000.",
      ),
    maxOutputTokens: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Default output-token limit of each call.'),
    temperature: z.number().min(0).optional().describe('Default sampling temperature.'),
    baseURL: z
      .string()
      .optional()
      .describe(
        'Server URL (OpenAI-compatible servers, Anthropic, Ollama); the environment variable is used otherwise.',
      ),
    baseURLs: z
      .array(z.url({ protocol: /^https?$/ }))
      .min(1)
      .optional()
      .describe(
        'A pool of OpenAI-compatible servers serving the same model (e.g. several vLLM instances), each URL including /v1: every call goes to the server with the fewest calls in flight; a server that fails or times out is taken out, the call goes to another, and the server is probed (GET /models) with back-off until it answers. Also written as OPENAI_BASE_URL with comma-separated URLs. openai: models only; give baseURL or baseURLs, not both.',
      ),
    endpointConcurrency: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Calls in flight at once per server of a pool (baseURLs or a comma-separated OPENAI_BASE_URL). Default no limit of its own; `concurrency` limits the pool as a whole.',
      ),
    providerOptions: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .optional()
      .describe('Provider-specific request options, e.g. { "ollama": { "think": false } }.'),
    nonSecretHeaders: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Names of headers (in settings.headers) whose values are not credentials, so they are saved with the run and left in messages. Every other header value is treated as a secret: never saved, redacted from every message. Accept, Content-Type, User-Agent, HTTP-Referer, Referer, X-Title, OpenAI-Beta, anthropic-version and anthropic-beta never need listing.',
      ),
    nonSecretQueryParameters: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Names of query parameters of baseURL/baseURLs whose values are not credentials (e.g. api-version), so they are saved with the run. Every other query value, and any user:password@ part, is treated as a secret.',
      ),
    settings: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "Provider settings handed to its factory (e.g. OpenAI organization, or the simulated world's knobs for sim: models). Prefer the environment for API keys: a key given here is never saved with the run, so `--resume` needs it again from the same config file or the environment.",
      ),
  })
  .strict()
  .superRefine((settings, context) => {
    if (settings.baseURLs !== undefined && settings.baseURL !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['baseURLs'],
        message: 'give baseURL (one server) or baseURLs (a pool), not both',
      });
    }
    const provider = settings.model.slice(0, settings.model.indexOf(':'));
    const pooled =
      settings.baseURLs !== undefined
        ? 'baseURLs'
        : settings.endpointConcurrency !== undefined
          ? 'endpointConcurrency'
          : undefined;
    if (pooled !== undefined && unpooledProviders.has(provider)) {
      context.addIssue({
        code: 'custom',
        path: [pooled],
        message: `endpoint pools are for OpenAI-compatible servers (openai: models); ${provider}: takes one server`,
      });
    }
  });

/** A model: a model string, or settings with a model string. */
export const modelConfigSchema = z.union([z.string(), modelSettingsSchema]);

/** The optimization variants of the paper's ablation (SPEC §10). */
export const variantSchema = z
  .enum(['forge', 'prompt-search', 'random-synthesis', 'failure-memory', 'baseline'])
  .describe(
    'forge: failure memory and the four mutation intents; prompt-search: no synthesis; random-synthesis: synthesis from random training instances; failure-memory: failure modes with one generic intent; baseline: evaluate the seed only.',
  );

/** Forge's synthesis checks (paper-faithful defaults: everything on, leakage on validation only). */
export const guardsSchema = z
  .object({
    coercion: z
      .enum(['lossless', 'strict'])
      .optional()
      .describe(
        'lossless (default, the paper\'s Coerce): "45" becomes 45 for an int field, "4.5" is rejected; strict: only values already of the declared JSON type.',
      ),
    duplicates: z
      .union([
        z.boolean(),
        z
          .object({
            nearThreshold: z
              .number()
              .positive()
              .describe('Shingle Jaccard at or above which a same-gold input is a near-duplicate.'),
          })
          .strict(),
      ])
      .optional()
      .describe('Duplicate guard against D and earlier slots (beyond the paper). Default true.'),
    leakage: z
      .union([
        z.boolean(),
        z
          .object({
            ngramSize: z.number().int().positive().describe('n of the word n-grams compared.'),
            threshold: z
              .number()
              .positive()
              .max(1)
              .describe("Share of a validation input's n-grams that counts as a leak."),
          })
          .partial()
          .strict(),
      ])
      .optional()
      .describe(
        'Leakage guard against validation inputs (beyond the paper; the test set never decides anything). Default true.',
      ),
    audit: z
      .boolean()
      .optional()
      .describe(
        "Post-hoc audit of the admitted data against validation and test inputs, written into result.json (the paper's D.2). Default true.",
      ),
  })
  .strict();

/** Everything `forge optimize` and `optimize()` accept. */
/** The `telemetry` block: where a run's OpenTelemetry spans go. */
export const telemetrySchema = z
  .object({
    exporter: z
      .literal('otlp')
      .default('otlp')
      .describe(
        'The exporter: OTLP over HTTP (protobuf unless protocol says http/json), which every OpenTelemetry collector takes.',
      ),
    endpoint: z
      .string()
      .refine(isHttpUrl, 'expected an http:// or https:// URL')
      .optional()
      .describe(
        "The collector's base URL (/v1/traces is appended unless given). Default OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, then OTEL_EXPORTER_OTLP_ENDPOINT, then http://localhost:4318.",
      ),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Headers of every export (API keys, Authorization): secrets, never saved with the run. Added to OTEL_EXPORTER_OTLP_HEADERS.',
      ),
    protocol: z
      .enum(['http/protobuf', 'http/json'])
      .optional()
      .describe(
        'The OTLP encoding: http/protobuf (the default, taken by every collector) or http/json. Default OTEL_EXPORTER_OTLP_PROTOCOL, then http/protobuf.',
      ),
    includeContent: z
      .boolean()
      .default(false)
      .describe('Put prompts and answers (secrets redacted) on the model-call spans.'),
    serviceName: z
      .string()
      .min(1)
      .optional()
      .describe('The service.name of the exported spans. Default forge.'),
  })
  .strict();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const forgeConfigSchema = z
  .object({
    benchmark: z
      .string()
      .optional()
      .describe(
        'Benchmark id: hotpotqa, hover, ifbench, finer, lawbench, aime, mmlu-pro, appworld, or sim (the offline simulated task).',
      ),
    program: z
      .string()
      .optional()
      .describe(
        'Path of a module whose default export (or `benchmark` export) is your own Benchmark; used instead of `benchmark`.',
      ),
    dataDir: z
      .string()
      .optional()
      .describe(
        'Directory holding the benchmark data (see `forge data pull`). Default ./data/<benchmark>.',
      ),
    benchmarkSettings: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Benchmark-specific settings (retrieval backend, …).'),
    taskModel: modelConfigSchema.describe('The model the program runs on.'),
    optimizerModel: modelConfigSchema.describe(
      'The model of the optimizer roles (reflect, assign, generate, verify).',
    ),
    providers: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Your own providers: name → module path whose default export is a factory (modelId, options) => LanguageModel; then use "<name>:<model>" strings.',
      ),
    roleModels: z
      .record(z.string(), modelConfigSchema)
      .optional()
      .describe(
        'Per-role overrides of the optimizer model, by role: reflect, assign, generate, verify, or a role of another method (curate, propose, …).',
      ),
    moduleModels: z
      .record(z.string(), modelConfigSchema)
      .optional()
      .describe(
        "Task models of particular program modules, by module name: that module's calls go to this model (cached, recorded and priced as its own, role task), every other module's to taskModel. Programs made with defineProgram (and the HotpotQA and HoVer benchmarks) name their modules' calls.",
      ),
    method: z
      .string()
      .optional()
      .describe(
        "The optimizer: one of Forge's variants (forge, prompt-search, random-synthesis, failure-memory, baseline) or another registered method (gepa, gepa-merge, ace, mipro when installed). Default forge.",
      ),
    variant: variantSchema
      .optional()
      .describe("Alias of `method` for Forge's five variants (kept for older configs)."),
    methodSettings: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("The method's own settings (see the method's README)."),
    budget: z
      .object({
        maxEvaluations: z
          .number()
          .int()
          .positive()
          .describe('Task-program evaluations; never exceeded.'),
        maxSteps: z.number().int().positive().optional().describe('Stop after this many steps.'),
        maxWallTimeMinutes: z
          .number()
          .positive()
          .optional()
          .describe('Stop after this long (per invocation).'),
        maxOptimizerCostUsd: z
          .number()
          .positive()
          .optional()
          .describe('Stop once the optimizer roles have spent this much.'),
        maxOptimizerTokens: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('Stop once the optimizer roles have used this many tokens.'),
        stopAtCompletion: z
          .boolean()
          .optional()
          .describe(
            'Forge\'s variants: stop at completion, once all E synthesis events have run and P more steps passed without a validation gain (the paper\'s B.4 "run Forge to completion"); maxEvaluations stays an outer cap.',
          ),
        stopAtPerfectScore: z
          .boolean()
          .optional()
          .describe(
            "Forge's variants (default true; the baseline never searches): stop once the best candidate's mean validation score is the maximum (1), instead of spending the rest of the budget. The peer methods (gepa, gepa-merge, ace, mipro) never stop this way, as their references do not; true with one of them is a config error.",
          ),
      })
      .strict(),
    synthesis: z
      .object({
        attempts: z
          .number()
          .int()
          .positive()
          .describe('K: generation attempts per synthesis event.'),
        epochs: z.number().int().min(0).describe('E: maximum synthesis events.'),
        patience: z
          .number()
          .int()
          .positive()
          .describe('P: steps without a best-validation gain that trigger an event.'),
        concurrency: z.number().int().positive().describe('Synthesis slots in flight at once.'),
        maxAgentSteps: z
          .number()
          .int()
          .positive()
          .describe('Step limit of the generator and verifier agents.'),
      })
      .partial()
      .strict()
      .optional()
      .describe("Overrides of the benchmark's (K, E, P) and synthesis limits."),
    guards: guardsSchema
      .optional()
      .describe(
        "Forge's checks between generation and verification, each on by default: lossless type coercion (the paper's), the duplicate guard, the leakage guard against validation, and the post-hoc audit of admitted data against validation and test.",
      ),
    extraTrain: z
      .array(z.string())
      .optional()
      .describe(
        "JSONL files of extra training instances appended to the training split (e.g. another run's synthetic.jsonl, for the transfer study). Validation and test are unchanged.",
      ),
    seed: z.number().int().default(0).describe('Seed of every random decision.'),
    minibatchSize: z.number().int().positive().default(3).describe('Minibatch size |B|.'),
    concurrency: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        "Task evaluations in flight at once. Default: the validation set's size (the minibatch size when larger), capped by the task model's concurrency, its requestsPerMinute and, for a pool, baseURLs × endpointConcurrency, so a validation pass runs in one wave.",
      ),
    subset: z
      .object({
        train: z.number().int().positive(),
        validation: z.number().int().positive(),
        test: z.number().int().positive(),
      })
      .partial()
      .strict()
      .optional()
      .describe('Use only the first N instances of a split (quick trials).'),
    runDir: z
      .string()
      .optional()
      .describe('Run directory (forge.db and artifacts). Default ./forge-runs/<benchmark>-<time>.'),
    cache: z.boolean().default(true).describe("Answer repeated model calls from the run's cache."),
    backupIntervalSeconds: z
      .number()
      .min(0)
      .default(60)
      .describe(
        "Least time between two backups of the run's database (forge.backup.db, restored by `forge runs restore`); 0 backs up after every step.",
      ),
    estimateAnswerTokens: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        "Completion tokens per task call the dry run assumes, instead of what it derives: a typed module's answer sized as a placeholder of its output schema (a word a string, one item a list), an untyped call's 400. Set it for a real model that reasons or writes long values; a simulated task model measures its own answers.",
      ),
    evaluateTest: z
      .boolean()
      .default(true)
      .describe(
        'Evaluate the seed and the best candidate on the test split after optimization (reporting only).',
      ),
    telemetry: telemetrySchema
      .optional()
      .describe(
        'Export the run as OpenTelemetry spans over OTLP/HTTP (MLflow, Langfuse, Phoenix, any collector); see @forge/telemetry.',
      ),
    prices: z
      .record(
        z.string(),
        z
          .object({
            input: z.number().min(0),
            output: z.number().min(0),
            cachedInput: z.number().min(0).optional(),
            cacheWrite: z.number().min(0).optional(),
          })
          .strict(),
      )
      .optional()
      .describe(
        'Price overrides in USD per million tokens, keyed by "provider:model" (a trailing * matches a prefix).',
      ),
  })
  .strict();

/** A config as written by the user (defaults not yet applied). */
export type ForgeConfigInput = z.input<typeof forgeConfigSchema>;

/**
 * A validated config with defaults applied; `method` is always set (from `method`, the `variant`
 * alias, or the default `forge`).
 */
export type ForgeConfig = Omit<z.output<typeof forgeConfigSchema>, 'method'> & {
  readonly method: string;
};

/** A model entry of the config. */
export type ModelConfig = z.output<typeof modelConfigSchema>;

/** The JSON Schema of config files (kept in `forge.config.schema.json`, checked by a test). */
export function forgeConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(forgeConfigSchema, { io: 'input' }) as Record<string, unknown>;
}
