import { importOptional } from '../optional/optional-package.js';

/** What `pullLocalModel` takes (see `@forge/provider-llama-cpp`'s `pullModelFile`). */
export interface PullLocalModelOptions {
  /** An `http(s)://…/<file>.gguf` URL or `hf:<user>/<repo>/<file>.gguf`. */
  readonly url: string;
  /** The models folder. Default `models` in the working directory. */
  readonly directory?: string;
  /** Stops the download; the next pull resumes it. */
  readonly signal?: AbortSignal;
  /** Called as bytes arrive. */
  readonly onProgress?: (progress: {
    readonly receivedBytes: number;
    readonly totalBytes: number | undefined;
  }) => void;
}

/**
 * Downloads a GGUF model for `local:` model strings into a models folder, resuming a download an
 * earlier pull left, and returns its path (give it as `local:<path>`). Needs
 * `@forge/provider-llama-cpp` (not node-llama-cpp: downloading runs no model).
 */
export async function pullLocalModel(
  options: PullLocalModelOptions,
): Promise<{ readonly path: string; readonly bytes: number; readonly outcome: string }> {
  const { pullModelFile } = await importOptional(
    { purpose: 'pulling a local model', packageName: '@forge/provider-llama-cpp', argument: 'url' },
    () => import('@forge/provider-llama-cpp'),
  );
  return pullModelFile({
    url: options.url,
    directory: options.directory ?? 'models',
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
}
