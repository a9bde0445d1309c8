import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.js';

// Expected codes printed by Python langdetect 1.0.9 (DetectorFactory.seed = 0, profiles read
// in name order) under CPython 3.11; undefined where it raises "No features in text".
const cases: ReadonlyArray<readonly [string, string | undefined]> = [
  ['Hello, how are you today? I am fine.', 'en'],
  ['Bonjour tout le monde', 'fr'],
  ['THIS IS ALL CAPS ENGLISH TEXT', 'en'],
  ['12345 !!!', undefined],
  ['こんにちは世界', 'ja'],
  ['Das ist ein kurzer deutscher Satz über das Wetter.', 'de'],
  ['Это короткий текст на русском языке.', 'ru'],
  ['هذا نص قصير باللغة العربية', 'ar'],
  ['यह हिंदी में एक छोटा वाक्य है।', 'hi'],
  ['這是一個中文句子。', 'zh-tw'],
  ['这是一个中文句子。', 'zh-cn'],
  ['이것은 한국어 문장입니다.', 'ko'],
  ['Đây là một câu tiếng Việt ngắn.', 'vi'],
  ['Tiếng Việt có dấu: à á ả ã ạ', 'vi'],
  ['Ţara şi ţara', 'ro'],
  ['visit https://example.com/page?x=1 or mail a.b@example.org now', 'en'],
  ['ok', 'sk'],
  ['a b c d e', 'ca'],
  ['i', 'af'],
  ['…', undefined],
  ['***', undefined],
];

describe('detectLanguage', () => {
  it.each(cases)('%j is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
