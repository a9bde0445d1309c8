export { PythonRandom } from './python-random.js';
export {
  isPythonWhitespace,
  pythonSplit,
  pythonStrip,
  pythonWhitespaceClass,
} from './python-string.js';
