export { type PythonJsonResult, parsePythonJson } from './python-json.js';
export { PythonRandom } from './python-random.js';
export { pythonSplitlines } from './python-splitlines.js';
export { pythonRepr, pythonStr, reprFloat, reprString } from './python-str.js';
export {
  isPythonWhitespace,
  pythonSplit,
  pythonStrip,
  pythonWhitespaceClass,
} from './python-string.js';
export type { PythonValue } from './python-value.js';
