import { basename } from 'node:path';
import type { CallRecorder, RecordedCall } from '@forge/provider';
import type { RunTelemetry } from '@forge/telemetry';
import type { Tracer } from '@opentelemetry/api';
import { importOptional } from '../optional/optional-package.js';
import type { TelemetryTracer } from './optimize-options.js';
import type { PreparedRun } from './prepare-run.js';
import type { LoadedRunConfig } from './read-optimize-config.js';
import type { ForgeEvent } from './sdk-events.js';

/**
 * The run's telemetry, when the config has a `telemetry` block or the caller gave a tracer:
 * `@forge/telemetry` (and through it OpenTelemetry) is imported only then, so a run without
 * telemetry loads no OpenTelemetry module. A collector that cannot be reached costs one
 * `warning` event, never the run.
 */
export async function openRunTelemetry(options: {
  readonly loaded: LoadedRunConfig;
  readonly prepared: PreparedRun;
  readonly runDir: string;
  readonly tracer: TelemetryTracer | undefined;
  readonly environment: Readonly<Record<string, string | undefined>>;
  readonly emit: (event: ForgeEvent) => void;
}): Promise<RunTelemetry | undefined> {
  const { loaded, tracer, emit } = options;
  const settings = loaded.config.telemetry;
  if (settings === undefined && tracer === undefined) return undefined;
  const { startRunTelemetry } = await importOptional(
    { purpose: 'telemetry', packageName: '@forge/telemetry', argument: 'telemetry' },
    () => import('@forge/telemetry'),
  );
  return startRunTelemetry({
    run: {
      runId: basename(options.runDir),
      method: options.prepared.method.id,
      seed: loaded.config.seed,
      attributes: { 'forge.benchmark': options.prepared.id },
    },
    ...(settings === undefined ? {} : { settings }),
    // A real OpenTelemetry Tracer, typed structurally in the sdk's options.
    ...(tracer === undefined ? {} : { tracer: tracer as Tracer }),
    includeContent: settings?.includeContent === true,
    environment: options.environment,
    onWarning: (message) =>
      emit({ type: 'warning', code: 'telemetry-export-failed', message, simulated: false }),
  });
}

/** A recorder that hands each call to the run's telemetry, then to the run's own recorder. */
export function recordWithTelemetry(
  recorder: CallRecorder,
  telemetry: RunTelemetry | undefined,
): CallRecorder {
  if (telemetry === undefined) return recorder;
  return {
    record(call: RecordedCall) {
      telemetry.recorder.record(call);
      return recorder.record(call);
    },
  };
}
