import { abortReason, canonicalJson } from '@forge/provider';
import type {
  Llama,
  LlamaChat,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
} from 'node-llama-cpp';
import type { ResolvedLlamaCppSettings } from './llama-cpp-settings.js';
import {
  importNodeLlamaCpp,
  logErrorsSince,
  logMark,
  recordLogLine,
} from './load-node-llama-cpp.js';
import { toGbnfJsonSchema } from './to-gbnf-json-schema.js';

/** One sequence of the shared context, lent to one call. */
export interface SequenceLease {
  /** The chat over the sequence (its chat wrapper picked once, from the model's template). */
  readonly chat: LlamaChat;
  /** The sequence itself (its token meter counts the call's tokens). */
  readonly sequence: LlamaContextSequence;
  /** Gives the sequence back to the pool. */
  release(): void;
}

/** What a runtime holds once its model is loaded. */
interface Loaded {
  readonly llama: Llama;
  readonly model: LlamaModel;
  readonly context: LlamaContext;
  readonly free: LlamaChat[];
}

/** How long loading took, for the first call's timing. */
export interface LoadTimings {
  /** Milliseconds to start llama.cpp (once per process). */
  readonly runtimeMs: number;
  /** Milliseconds to load the model file. */
  readonly modelMs: number;
  /** Milliseconds to create the context. */
  readonly contextMs: number;
}

/** The stage that failed, for error messages. */
export class LoadStageError extends Error {
  constructor(
    readonly stage: 'runtime' | 'model' | 'context',
    readonly original: unknown,
    /** What llama.cpp logged about the failure while loading. */
    readonly log: string,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'LoadStageError';
  }
}

const sharedLlamas = new Map<string, Promise<Llama>>();

// One llama.cpp per process and GPU choice: CPU only for models with no GPU layers (the default),
// the best GPU found otherwise. `build: 'never'` uses the prebuilt binary and never falls back to
// building llama.cpp from sources (which would download them).
function getSharedLlama(modelString: string, useGpu: boolean): Promise<Llama> {
  const key = useGpu ? 'gpu' : 'cpu';
  let llama = sharedLlamas.get(key);
  if (llama === undefined) {
    llama = importNodeLlamaCpp(modelString).then(({ getLlama, LlamaLogLevel }) =>
      getLlama({
        build: 'never',
        gpu: useGpu ? 'auto' : false,
        progressLogs: false,
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => recordLogLine(String(level), message),
      }),
    );
    sharedLlamas.set(key, llama);
    llama.catch(() => sharedLlamas.delete(key));
  }
  return llama;
}

const runtimes = new Map<string, LlamaCppRuntime>();

/**
 * A loaded GGUF model and its context pool, shared by every model object with the same settings
 * in this process: the file is loaded once, on the first call, and one context of `poolSize`
 * sequences serves the calls (llama.cpp batches the sequences together); a call waits for a free
 * sequence. A sequence keeps what it last evaluated, so a call whose prompt starts like the
 * previous one's (the same system prompt) evaluates only the rest.
 */
export class LlamaCppRuntime {
  /** How long loading took, once loaded. */
  timings: LoadTimings | undefined;
  private loading: Promise<Loaded> | undefined;
  private readonly waiting: {
    resolve: (chat: LlamaChat) => void;
    reject: (error: unknown) => void;
    signal: AbortSignal | undefined;
  }[] = [];
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();

  private constructor(
    readonly settings: ResolvedLlamaCppSettings,
    readonly modelString: string,
  ) {}

  /** The runtime of these settings, made on first use. */
  static for(settings: ResolvedLlamaCppSettings, modelString: string): LlamaCppRuntime {
    const key = canonicalJson({ ...settings, modelId: undefined });
    let runtime = runtimes.get(key);
    if (runtime === undefined) {
      runtime = new LlamaCppRuntime(settings, modelString);
      runtimes.set(key, runtime);
    }
    return runtime;
  }

  /** Loads the model and its context (once; a failure is kept, so later calls fail alike). */
  load(): Promise<Loaded> {
    this.loading ??= this.loadOnce();
    return this.loading;
  }

  /** The loaded model, for tokenizing. */
  async model(): Promise<LlamaModel> {
    return (await this.load()).model;
  }

  /** The context size each sequence has, once loaded. */
  async contextSize(): Promise<number> {
    return (await this.load()).context.contextSize;
  }

  /** Lends a sequence; waits while all are busy. Rejects with the signal's reason on abort. */
  async acquire(signal: AbortSignal | undefined): Promise<SequenceLease> {
    const loaded = await this.load();
    signal?.throwIfAborted();
    const chat =
      loaded.free.pop() ??
      (await new Promise<LlamaChat>((resolve, reject) => {
        const waiter = { resolve, reject, signal };
        this.waiting.push(waiter);
        signal?.addEventListener(
          'abort',
          () => {
            const index = this.waiting.indexOf(waiter);
            if (index >= 0) this.waiting.splice(index, 1);
            reject(abortReason(signal));
          },
          { once: true },
        );
      }));
    let released = false;
    return {
      chat,
      sequence: chat.sequence,
      release: () => {
        if (released) return;
        released = true;
        const next = this.waiting.shift();
        if (next === undefined) loaded.free.push(chat);
        else next.resolve(chat);
      },
    };
  }

  /**
   * The grammar for a JSON answer: of `schema` (a JSON Schema, converted to the subset llama.cpp's
   * grammar supports), or any JSON value without one. Compiled once per schema.
   */
  async jsonGrammar(
    schema: { readonly [key: string]: unknown } | undefined,
  ): Promise<LlamaGrammar> {
    const { llama } = await this.load();
    const key = schema === undefined ? '' : canonicalJson(schema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      grammar =
        schema === undefined
          ? llama.getGrammarFor('json')
          : llama.createGrammarForJsonSchema(toGbnfJsonSchema(schema) as never);
      this.grammars.set(key, grammar);
      grammar.catch(() => this.grammars.delete(key));
    }
    return grammar;
  }

  /** Frees the context and the model (the next call loads them again). */
  async dispose(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    this.grammars.clear();
    for (const waiter of this.waiting.splice(0)) {
      waiter.reject(new Error(`${this.modelString}: the model was disposed`));
    }
    if (loading === undefined) return;
    const loaded = await loading.catch(() => undefined);
    if (loaded === undefined) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
  }

  private async loadOnce(): Promise<Loaded> {
    const { settings } = this;
    const started = performance.now();
    const mark = logMark();
    const llama = await getSharedLlama(this.modelString, settings.gpuLayers !== 0).catch(
      (error: unknown) => {
        throw new LoadStageError('runtime', error, logErrorsSince(mark));
      },
    );
    const runtimeMs = performance.now() - started;
    const model = await llama
      .loadModel({ modelPath: settings.modelPath, gpuLayers: settings.gpuLayers })
      .catch((error: unknown) => {
        throw new LoadStageError('model', error, logErrorsSince(mark));
      });
    const modelMs = performance.now() - started - runtimeMs;
    const trained = model.trainContextSize;
    const contextSize = settings.contextSize ?? Math.min(4096, trained > 0 ? trained : 4096);
    const context = await model
      .createContext({
        contextSize,
        sequences: settings.poolSize,
        ...(settings.threads === undefined ? {} : { threads: settings.threads }),
        failedCreationRemedy: false,
      })
      .catch(async (error: unknown) => {
        await model.dispose();
        throw new LoadStageError('context', error, logErrorsSince(mark));
      });
    const { LlamaChat } = await importNodeLlamaCpp(this.modelString);
    const free: LlamaChat[] = [];
    for (let index = 0; index < settings.poolSize; index++) {
      free.push(new LlamaChat({ contextSequence: context.getSequence() }));
    }
    this.timings = {
      runtimeMs,
      modelMs,
      contextMs: performance.now() - started - runtimeMs - modelMs,
    };
    return { llama, model, context, free };
  }
}

/** Frees every loaded model of this process (see `disposeLlamaCppRuntimes`). */
export async function disposeAllRuntimes(): Promise<void> {
  const all = [...runtimes.values()];
  runtimes.clear();
  await Promise.all(all.map((runtime) => runtime.dispose()));
}
