import { describe, expect, it } from 'vitest';
import { recordingTerminal } from './__fixtures__/recording-terminal.js';
import { watchLiveReport } from './watch-live-report.js';

type Event = { readonly type: 'prepared'; readonly dir: string } | { readonly type: 'other' };

/** A watcher over a fake server that records what it served and whether it was closed. */
function fakeWatch(serve: (dir: string) => Promise<{ url: string; close(): Promise<void> }>) {
  const recorded = recordingTerminal();
  const notices: string[] = [];
  const watch = watchLiveReport<Event>({
    terminal: recorded.terminal,
    notice: (text) => notices.push(text),
    preparedDir: (event) => (event.type === 'prepared' ? event.dir : undefined),
    serve,
    subject: 'run',
    updatesWhen: 'steps land',
    reopenCommand: (dir) => `forge report --watch ${dir}`,
  });
  return { watch, notices, err: recorded.err };
}

describe('watchLiveReport', () => {
  it('serves the first prepared directory once, says where, and says how to reopen it when closed', async () => {
    const served: string[] = [];
    let closed = 0;
    const { watch, notices, err } = fakeWatch(async (dir) => {
      served.push(dir);
      return {
        url: 'http://127.0.0.1:4321/',
        close: async () => {
          closed += 1;
        },
      };
    });
    watch.onEvent({ type: 'other' });
    watch.onEvent({ type: 'prepared', dir: '/runs/a' });
    watch.onEvent({ type: 'prepared', dir: '/runs/b' });
    await watch.close();
    expect(served).toEqual(['/runs/a']);
    expect(closed).toBe(1);
    expect(notices).toEqual([
      'live report: http://127.0.0.1:4321/ (updates as steps land; stops with the run)',
    ]);
    expect(err()).toBe(
      'live report stopped with the run; reopen it with: forge report --watch /runs/a\n',
    );
  });

  it('turns a server that cannot start into a notice, and closes quietly', async () => {
    const { watch, notices, err } = fakeWatch(async () => {
      throw new Error('port 4321 is in use');
    });
    watch.onEvent({ type: 'prepared', dir: '/runs/a' });
    await watch.close();
    expect(notices).toEqual(['cannot serve the live report: port 4321 is in use']);
    expect(err()).toBe('');
  });

  it('closes quietly when nothing was prepared', async () => {
    const { watch, notices, err } = fakeWatch(async () => {
      throw new Error('never called');
    });
    watch.onEvent({ type: 'other' });
    await watch.close();
    expect(notices).toEqual([]);
    expect(err()).toBe('');
  });
});
