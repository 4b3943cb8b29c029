// Where things live. Compiled files run from out/test/harness/, so the project root is three up.
import * as path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');
export const cacheRoot = path.join(projectRoot, '.cache');
export const testResultsDir = path.join(projectRoot, 'test-results');
export const compiledTestsDir = path.join(projectRoot, 'out', 'test');
export const extensionId = 'model-access.model-access';
