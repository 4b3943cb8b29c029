// Where things live. Compiled files run from out/test/harness/, so the project root is three up.
import * as path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');
export const cacheRoot = path.join(projectRoot, '.cache');
export const testResultsDir = path.join(projectRoot, 'test-results');
/** The real-editor layers' failures (runEditorTests.ts), printed again at the very end of `npm test` (runTests.ts): the end of a long run's output is often all a CI log keeps. */
export const editorFailuresFile = path.join(testResultsDir, 'editor-failures.txt');
export const compiledTestsDir = path.join(projectRoot, 'out', 'test');
export const extensionId = 'model-access.model-access';
