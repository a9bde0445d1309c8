import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A tmux server of its own (a private socket, so other tmux users on the machine are never
 * touched) with one window of a fixed size running one command.
 */
export class TmuxSession implements Disposable {
  private readonly socket: string;
  private readonly name = 'forge';

  constructor(
    label: string,
    options: {
      readonly columns: number;
      readonly rows: number;
      readonly cwd: string;
      readonly command: string;
    },
  ) {
    this.socket = `forge-test-${process.pid}-${label}`;
    this.tmux(
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      String(options.columns),
      '-y',
      String(options.rows),
      '-c',
      options.cwd,
      // The window stays after the command ends, so its last screen and exit code can be read.
      `${options.command}; echo "EXIT=$?"; sleep 120`,
    );
    this.tmux('set-option', '-t', this.name, 'history-limit', '100000');
  }

  /** The visible screen, one string per row. */
  screen(): string[] {
    return this.tmux('capture-pane', '-p', '-t', this.name).split('\n');
  }

  /** Everything the window printed: scrollback and screen. */
  history(): string[] {
    // -J joins rows the terminal wrapped, so a long line reads as one.
    return this.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', this.name).split('\n');
  }

  /** Types Ctrl-C into the window (the terminal sends SIGINT to the foreground process). */
  interrupt(): void {
    this.tmux('send-keys', '-t', this.name, 'C-c');
  }

  /** Waits until a printed line matches, or fails after `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 90_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.history().find((line) => pattern.test(line));
      if (found !== undefined) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `no line matched ${pattern} within ${timeoutMs} ms; screen:\n${this.screen().join('\n')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  [Symbol.dispose](): void {
    try {
      this.tmux('kill-server');
    } catch {
      // Already gone.
    }
    // tmux leaves its socket file behind; the test's socket is its own to remove.
    const directory = join(process.env['TMUX_TMPDIR'] ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`);
    rmSync(join(directory, this.socket), { force: true });
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }
}
