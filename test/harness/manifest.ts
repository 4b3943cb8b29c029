// package.json as VS Code reads it: each "%key%" replaced by its text from package.nls.json (or
// package.nls.<language>.json), so tests can check what users see.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from './paths';

export function readManifest(language?: string): unknown {
  const nlsFile = path.join(projectRoot, language ? `package.nls.${language}.json` : 'package.nls.json');
  const texts = JSON.parse(fs.readFileSync(nlsFile, 'utf8')) as Record<string, string>;
  return JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'), (_key, value: unknown) => {
    const match = typeof value === 'string' ? /^%([\w.-]+)%$/.exec(value) : null;
    return match && texts[match[1]] !== undefined ? texts[match[1]] : value;
  });
}
