import * as assert from 'node:assert/strict';
import type { EditorResult } from '../../bench/editor.bench';
import type { ReopenResult } from '../../bench/reopen.bench';
import { goalsByRun, reopenMisses, streamMisses } from '../../bench/goals';

/** A run of a case that met every goal; each test changes what it checks. */
function stream(overrides: Partial<EditorResult> = {}): EditorResult {
  return {
    shape: 'mixed', chars: 100_000, tokens: 25_000, tokensPerSecond: 60_000, lastTokenVisibleMs: 200, lastTokenSettledMs: 200,
    webviewMs: 150, ratioToRaw: 2, longTasksOver50: 0, longestTaskMs: 40,
    longTasksBy: { own: 0, ownLongestMs: 0, workbench: 0, workbenchLongestMs: 0, other: 0 },
    ...overrides,
  };
}

function reopened(overrides: Partial<ReopenResult> = {}): ReopenResult {
  return {
    messages: 500, kilobytes: 479, newestShownMs: 60, allRenderedMs: 600, openLongTasks: 0, openLongestMs: 0,
    scrollTurns: 786, scrollMessagesLaidOut: 500, scrollMostLaidOutInATurn: 3, scrollLongTasks: 0, scrollLongestMs: 0,
    ...overrides,
  };
}

const label = (result: EditorResult): string => `${result.shape}${result.pace === undefined ? '' : ` ${result.pace}`}`;

describe('bench: issue 8\'s goals, run by run', () => {
  it('finds nothing missed in a run that met every goal, at the limits themselves', () => {
    assert.deepEqual(streamMisses(stream({ lastTokenVisibleMs: 300, tokensPerSecond: 10_000, longestTaskMs: 50 })), []);
    assert.deepEqual(reopenMisses(reopened({ newestShownMs: 300 })), []);
  });

  it('names each goal a streamed case missed: tasks over 50 ms, the whole text late, throughput', () => {
    assert.deepEqual(streamMisses(stream({ longTasksOver50: 2, longestTaskMs: 146.4, lastTokenVisibleMs: 441, tokensPerSecond: 9_999 })),
      ['2 tasks over 50 ms (longest 146 ms)', 'shown whole 441 ms after the last token', '9999 tokens/s']);
    assert.deepEqual(streamMisses(stream({ longTasksOver50: 1, longestTaskMs: 54 })), ['1 task over 50 ms (longest 54 ms)']);
    // (A throughput that could not be measured is no pass.)
    assert.deepEqual(streamMisses(stream({ tokensPerSecond: Number.NaN })), ['NaN tokens/s']);
  });

  it('asks throughput only of answers at full speed: not of paced ones, nor of one stopped', () => {
    assert.deepEqual(streamMisses(stream({ pace: 2000, tokensPerSecond: 1_970 })), []);
    assert.deepEqual(streamMisses(stream({ pace: 2000, stopAfterMs: 4000, tokensPerSecond: Number.NaN })), []);
    assert.deepEqual(streamMisses(stream({ stopAfterMs: 4000, tokensPerSecond: Number.NaN, lastTokenVisibleMs: 310 })),
      ['shown whole 310 ms after the last token']);
  });

  it('names what reopening the long chat missed', () => {
    assert.deepEqual(reopenMisses(reopened({ newestShownMs: 301, openLongTasks: 1, openLongestMs: 56, scrollLongTasks: 2, scrollLongestMs: 103 })), [
      'newest message shown 301 ms after the click',
      '1 task over 50 ms while opening (longest 56 ms)',
      '2 tasks over 50 ms while scrolling (longest 103 ms)',
    ]);
  });

  it('reports each run apart: which cells missed in which run, where the table shows only ranges', () => {
    // Case 0 missed in run 2, case 1 in runs 1 and 2, reopening in run 3; the table would show 0–1 tasks for both.
    const editor = [
      [stream(), stream({ longTasksOver50: 1, longestTaskMs: 58 }), stream()],
      [stream({ shape: 'list', pace: 2000, longTasksOver50: 1, longestTaskMs: 88 }), stream({ shape: 'list', pace: 2000, lastTokenVisibleMs: 345 }),
        stream({ shape: 'list', pace: 2000 })],
    ];
    assert.deepEqual(goalsByRun(editor, [reopened(), reopened(), reopened({ scrollLongTasks: 1, scrollLongestMs: 52 })], label), [
      'run 1: list 2000: 1 task over 50 ms (longest 88 ms)',
      'run 2: mixed: 1 task over 50 ms (longest 58 ms); list 2000: shown whole 345 ms after the last token',
      'run 3: reopening: 1 task over 50 ms while scrolling (longest 52 ms)',
    ]);
    assert.deepEqual(goalsByRun([[stream()]], [], label), ['run 1: none']);
  });
});
