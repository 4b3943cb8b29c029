import * as assert from 'node:assert/strict';
import { typedPick } from '../../../../src/host/attachments/typedPick';

const files = [
  { label: 'notes.md', description: '' },
  { label: 'index.ts', description: 'src' },
  { label: 'index.ts', description: 'test' },
  { label: 'README.md', description: 'docs' },
];

describe('file picker: Enter with nothing ticked (typedPick)', () => {
  it('takes the one file an exact name or path names', () => {
    assert.deepEqual(typedPick(files, 'notes.md'), [files[0]]);
    assert.deepEqual(typedPick(files, 'src/index.ts'), [files[1]]);
  });

  it('takes the only file whose path contains the text, ignoring case', () => {
    assert.deepEqual(typedPick(files, 'readme'), [files[3]]);
  });

  it('takes nothing when the text names several files, none, or is empty', () => {
    assert.deepEqual(typedPick(files, 'index.ts'), []);
    assert.deepEqual(typedPick(files, 'missing'), []);
    assert.deepEqual(typedPick(files, '  '), []);
  });
});
