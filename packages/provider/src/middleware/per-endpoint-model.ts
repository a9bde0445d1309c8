import type { LanguageModel } from '../language-model/language-model.js';
import type { LanguageModelMiddleware } from './language-model-middleware.js';

/**
 * A model served by several endpoints (`@forge/endpoints`' endpoint pool is one) that puts
 * middleware around each endpoint's model rather than around the whole call — how `withTimeout`
 * times each endpoint attempt, so a hung endpoint is taken out and the call goes on elsewhere.
 */
export interface PerEndpointModel extends LanguageModel {
  /** The same model (same routing, health and counts) with `middleware` around each endpoint's model. */
  withEndpointMiddleware(middleware: LanguageModelMiddleware): PerEndpointModel;
}

/** The mark a `PerEndpointModel` carries: a global symbol, so every copy of the packages agrees. */
export const perEndpointModelMark: unique symbol = Symbol.for('forge.provider.endpointPool');

/** True when `value` carries the mark of a `PerEndpointModel`. */
export function isPerEndpointModel(value: unknown): value is PerEndpointModel {
  return typeof value === 'object' && value !== null && perEndpointModelMark in value;
}
