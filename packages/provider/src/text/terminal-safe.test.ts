import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe.js';

describe('terminalSafe', () => {
  it('removes title, hyperlink, clear-screen, cursor and colour sequences, keeping the text', () => {
    const hostile =
      'bad \u001b]0;pwned\u0007request \u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\ \u001b[2J\u001b[H\u001b[31mred\u001b[0m \u009b1;1Hc1\u009dtitle\u009c end';
    expect(terminalSafe(hostile)).toBe('bad request click red c1 end');
  });

  it('removes other control characters but keeps newlines and tabs', () => {
    expect(terminalSafe('a\rb\u0008c\u0007d\u0000e\u007ff\u0085g\nh\ti')).toBe('abcdefg\nh\ti');
  });

  it('leaves ordinary and non-Latin text alone', () => {
    const text = 'Données: 12 € — 東京 [REDACTED] {"a": 1}';
    expect(terminalSafe(text)).toBe(text);
  });
});
