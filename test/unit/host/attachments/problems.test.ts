import * as assert from 'node:assert/strict';
import { formatProblems } from '../../../../src/host/attachments/problems';

describe('problems attachment text', () => {
  it('lists each diagnostic in line order with its position, severity, source and code, then its line', () => {
    const lines = ['const a: number = "x";', 'let unused = 1;'];
    const text = formatProblems('src/a.ts', [
      { line: 1, character: 4, severity: 'warning', message: "'unused' is declared\nbut never used.", source: 'ts', code: '6133' },
      { line: 0, character: 6, severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'ts', code: '2322' },
    ], (line) => lines[line]);
    assert.equal(text, [
      "src/a.ts:1:7 error [ts 2322] Type 'string' is not assignable to type 'number'.",
      '  1 | const a: number = "x";',
      "src/a.ts:2:5 warning [ts 6133] 'unused' is declared but never used.",
      '  2 | let unused = 1;',
    ].join('\n'));
  });

  it('says so when there are none', () => {
    assert.equal(formatProblems('a.ts', [], () => undefined), 'No problems are reported in a.ts.');
  });
});
