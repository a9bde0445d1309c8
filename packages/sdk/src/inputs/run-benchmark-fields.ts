import type { BenchmarkInput, ProgramObjectFields } from './object-inputs.js';

/**
 * The fields that choose the benchmark of a call that may re-read a run (`evaluate`,
 * `synthesizeFromFailures`): the run's benchmark by default, or one given here — an id, a
 * `Benchmark` object, a program module, or a `Program` object with its metric and data
 * (`program`, `metric`, `train`, `validation`, `test`).
 */
export interface RunBenchmarkFields<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> extends Omit<ProgramObjectFields<Input, Gold, Output>, 'program'> {
  /** Your own provider modules, name → path (as in the optimize config). */
  readonly providers?: Readonly<Record<string, string>>;
  /** Benchmark id or `Benchmark` object (default: the run's). */
  readonly benchmark?: BenchmarkInput;
  /** Or a module exporting your own benchmark, or a `Program` object (with `metric` and data). */
  readonly program?: ProgramObjectFields<Input, Gold, Output>['program'];
  /** Benchmark data directory. */
  readonly dataDir?: string;
  /** Benchmark settings. */
  readonly benchmarkSettings?: Readonly<Record<string, unknown>>;
  /**
   * Import the program and provider modules `run`'s config.json names, and use the model
   * endpoints it records, without their being given again (the modules run as code, the
   * endpoints receive your keys: only for a run that is yours). Default false.
   */
  readonly trustRunModules?: boolean;
  /**
   * Model servers this call vouches for (`--base-url`): a server (`baseURL`, a pool's URL,
   * `host`) `run`'s config.json records is sent this machine's keys only when it is one of these,
   * given in this call's own model settings, in the environment (`OPENAI_BASE_URL`,
   * `ANTHROPIC_BASE_URL`, `OLLAMA_HOST`), or with `trustRunModules`.
   */
  readonly endpoints?: readonly string[];
}
