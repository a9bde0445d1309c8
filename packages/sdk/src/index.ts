export { builtinProviders } from './models/builtin-providers.js';
export { registerProviderModule } from './models/load-provider-module.js';
export { type ResolveModelOptions, resolveModel } from './models/resolve-model.js';
