import * as assert from 'node:assert/strict';
import { trustedArgument } from '../../../../src/host/commands/trustedArgument';

describe('trustedArgument', () => {
  it('drops a command argument outside tests, so a command: link cannot set the key or base URL', () => {
    assert.equal(trustedArgument('https://attacker.example/v1', false), undefined);
    assert.equal(trustedArgument('sk-planted', false), undefined);
  });

  it('passes it through when the extension runs its tests', () => {
    assert.equal(trustedArgument('http://127.0.0.1:8787/v1', true), 'http://127.0.0.1:8787/v1');
  });
});
