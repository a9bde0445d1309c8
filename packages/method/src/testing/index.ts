// Test helpers for method authors: a context with memory persistence and a counting program,
// and the crash-and-resume check every method must pass.
export { checkMethodResume, type MethodResumeReport } from './check-method-resume.js';
export {
  createMethodTestContext,
  createTestCache,
  type MethodTestContext,
  type MethodTestContextOptions,
} from './method-test-context.js';
