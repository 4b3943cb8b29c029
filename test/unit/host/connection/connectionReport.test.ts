import assert from 'node:assert/strict';
import { formatConnectionReport, overallStatus, type ConnectionReport } from '../../../../src/host/connection/connectionReport';

describe('connection report', () => {
  const apiKey = 'demo-key-0123456789abcdefXYZ1';
  const report: ConnectionReport = {
    startedAt: new Date('2026-01-02T03:04:05Z'),
    environment: { extensionVersion: '0.1.0', vscodeVersion: '1.100.3', platform: 'linux-x64', nodeVersion: 'v20.20.0' },
    baseUrl: 'http://127.0.0.1:8787/v1',
    apiKey,
    keySource: 'secretStorage',
    model: 'echo-1',
    api: 'chat',
    checks: [
      { name: 'Base URL', status: 'pass', detail: 'http://127.0.0.1:8787/v1' },
      { name: 'GET /models', status: 'pass', detail: '6 model(s) in 12 ms' },
      { name: 'Streaming POST /chat/completions', status: 'pass', detail: 'first token after 5 ms' },
    ],
  };

  it('never contains the key, only its first 3 and last 4 characters', () => {
    const text = formatConnectionReport(report);
    assert.ok(!text.includes(apiKey));
    assert.ok(!text.includes('0123456789'));
    assert.match(text, /API key: {2}dem…XYZ1 \(from secretStorage\)/);
  });

  it('lists each check with its status and an overall result', () => {
    const text = formatConnectionReport(report);
    assert.match(text, /\[PASS\] GET \/models: 6 model\(s\) in 12 ms/);
    assert.match(text, /Result: PASS$/);
    assert.match(text, /VS Code 1\.100\.3/);
  });

  it('fails overall when any check fails, warns when one warns', () => {
    assert.equal(overallStatus([{ name: 'a', status: 'pass', detail: '' }, { name: 'b', status: 'warn', detail: '' }]), 'warn');
    assert.equal(overallStatus([{ name: 'a', status: 'warn', detail: '' }, { name: 'b', status: 'fail', detail: '' }]), 'fail');
    const failed = formatConnectionReport({ ...report, checks: [{ name: 'API key', status: 'fail', detail: 'not set' }] });
    assert.match(failed, /Result: FAIL$/);
  });

  it('says when no key or base URL is set', () => {
    const text = formatConnectionReport({ ...report, apiKey: undefined, baseUrl: undefined, checks: [] });
    assert.match(text, /API key: {2}\(none\)/);
    assert.match(text, /Base URL: \(not set\)/);
  });

  it('says when streaming is turned off', () => {
    assert.match(formatConnectionReport({ ...report, stream: false }), /API: {6}chat, streaming off\n/);
    assert.match(formatConnectionReport({ ...report, stream: true }), /API: {6}chat\n/);
  });
});
