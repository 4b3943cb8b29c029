// The log channel: a trace line (a whole prompt or answer) costs nothing unless the channel shows it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Log } from '../../src/host/logging/log';

describe('Log (in the real extension host)', () => {
  /** A Log whose redactions are counted. */
  function countedLog(channel: vscode.LogOutputChannel): { log: Log; redactions: () => number } {
    const log = new Log(channel);
    log.addSecret('sk-test-secret');
    let redactions = 0;
    const redact = log.redact.bind(log);
    log.redact = (text: string): string => {
      redactions++;
      return redact(text);
    };
    return { log, redactions: () => redactions };
  }

  it('does not redact a trace line the channel drops (a real channel at its default level)', () => {
    const { log, redactions } = countedLog(vscode.window.createOutputChannel('Model Access log test', { log: true }));
    try {
      assert.notEqual(log.channel.logLevel, vscode.LogLevel.Trace, 'the editor runs at its default level, not Trace');
      log.trace(`Chat answer (done): ${'word '.repeat(20_000)}`);
      assert.equal(redactions(), 0);
      log.info('Chat: a line the channel shows');
      assert.equal(redactions(), 1, 'lines the channel shows are redacted');
    } finally {
      log.dispose();
    }
  });

  it('redacts and writes a trace line when the channel shows trace lines', () => {
    const written: string[] = [];
    const channel = { logLevel: vscode.LogLevel.Trace, trace: (line: string) => written.push(line), dispose: () => undefined } as unknown as vscode.LogOutputChannel;
    const { log, redactions } = countedLog(channel);
    log.trace('Chat prompt: my key is sk-test-secret');
    assert.equal(redactions(), 1);
    assert.equal(written.length, 1);
    assert.ok(!written[0].includes('sk-test-secret'), written[0]);
  });
});
