// The fake AppWorld environment (simulated: synthetic tasks, a tiny Python-like language) for
// tests of this package and of packages that run AppWorld end to end.
export { type FakeTodoItem, type FakeWorldState, fakeApiDocs } from './fake-apps.js';
export {
  type FakeAppWorldServer,
  type FakeAppWorldServerOptions,
  startFakeAppWorldServer,
} from './fake-appworld-server.js';
export { FakeSyntaxError, type FakeValue, parseFakeCode } from './fake-code.js';
export { FakeTaskCatalog } from './fake-task-catalog.js';
export {
  type FakeTaskKind,
  fakeInstruction,
  fakeSplits,
  fakeSupervisor,
  fakeTasks,
  fakeTodoItems,
  fakeTodoTask,
} from './fake-tasks.js';
export {
  evaluateTests,
  type FakeTaskDefinition,
  type FakeTest,
  FakeWorld,
  initialState,
  runCode,
} from './fake-world.js';
export {
  createScriptedOptimizer,
  scriptedKeywords,
  scriptedModeName,
} from './scripted-optimizer.js';
export { scriptedAppWorldProvider } from './scripted-provider.js';
export {
  createScriptedTaskAgent,
  paginationPhrase,
  parsePage,
  parseTask,
  type ScriptedAgentSettings,
} from './scripted-task-agent.js';
export { writeFakeAppWorldRoot } from './write-fake-root.js';
