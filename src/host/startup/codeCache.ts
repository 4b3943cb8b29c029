// Loading the extension's code through V8's code cache (issue 8: activation under 20 ms of its own time).
//
// Of the ~16 ms that loading the 165 KB release bundle took in a fresh Node (the activation bench), V8 spent ~8
// compiling it: it parses every function of a script to find its variables' scopes, even those it compiles only
// when first called. A code cache, the compiler's output serialized (vm.compileFunction's cachedData), skips that on
// the next start; VS Code uses one for its own code, and Node 22's module.enableCompileCache for any, neither for
// an extension on the Node 20 of VS Code 1.100. So the entry point (src/main.ts) loads the bundle here: the first
// start compiles it as Node's loader would and, once activated, writes the cache beside it; later starts hand it
// to V8.
//
// Trust: the cache is kept in the extension's own folder (dist/), which only the user's own processes can write,
// as they can the bundle itself; a workspace cannot. Each cache is named by the size and write time of the bundle
// it was made for (codeCachePath): V8 checks only the code's length (and its own version and flags) before it uses
// a cache, so a rebuilt bundle of the same length would otherwise run the old code. A cache V8 refuses (another
// V8, a damaged file) is replaced.
// A folder that cannot be written (a read-only install) only means no cache: never an error for the user.
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';

/** How a code cache's file name ends: `<bundle>.<size>-<write time>.v8cache` (codeCachePath), beside the bundle. */
export const CODE_CACHE_SUFFIX = '.v8cache';

/** A CommonJS module's code is the body of a function of these, as in Node's own loader. */
const PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname'];

export interface CachedModule {
  /** The module's `module.exports`. */
  exports: unknown;
  /** True when V8 took the code cache: nothing was compiled ahead of running. */
  usedCodeCache: boolean;
  /**
   * Writes a code cache of the module for the next start, unless one was used (call it once the start is done:
   * it costs a few ms); removes the bundle's other caches (of earlier builds). Never throws: a cache only saves
   * time.
   */
  saveCodeCache(): void;
}

/**
 * The code cache file for a bundle `file` of `size` bytes last written at `mtimeNs`: a build writes the bundle
 * anew, so its time tells one build from another (VS Code installs each version into a folder of its own, and
 * replaces the folder when it reinstalls one). A hash of the code would too, at a cost: hashing the 165 KB bundle
 * took 7 ms in JavaScript on a cold start, and node:crypto is not for activation (test/unit/build/activation.test.ts).
 */
export function codeCachePath(file: string, size: bigint, mtimeNs: bigint): string {
  return `${file}.${size}-${mtimeNs}${CODE_CACHE_SUFFIX}`;
}

/** Loads the CommonJS file `file` as `require` would, its own `require` being `requireFn`, through its code cache when there is one. */
export function loadWithCodeCache(file: string, requireFn: NodeJS.Require): CachedModule {
  // One open file for its time and its code, so that both are of the same build.
  const fd = openSync(file, 'r');
  let code: string;
  let cacheFile: string;
  try {
    const { size, mtimeNs } = fstatSync(fd, { bigint: true });
    cacheFile = codeCachePath(file, size, mtimeNs);
    code = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet (the first start of this build), or unreadable: compiled as usual.
  }
  // As Node's loader compiles a module (vm.compileFunction): a vm.Script of the same code wrapped in a function
  // took some 3 ms longer to compile without a cache (V8 compiles a parenthesized function whole at once).
  const compiled = compileFunction(code, PARAMETERS, { filename: file, cachedData });
  const usedCodeCache = cachedData !== undefined && compiled.cachedDataRejected === false;
  const loaded = { exports: {} as unknown };
  compiled.call(loaded.exports, loaded.exports, requireFn, loaded, file, dirname(file));
  // The code is kept (165 KB) only until its cache is written.
  let unsaved: string | undefined = usedCodeCache ? undefined : code;
  return {
    exports: loaded.exports,
    usedCodeCache,
    saveCodeCache() {
      const source = unsaved;
      if (source === undefined) return;
      unsaved = undefined;
      // V8 makes a cache only as it compiles: compiled again (V8 has the code already, so this is the cache's
      // serialization, 5-6 ms for the release bundle), off the start's path.
      writeCodeCache(file, cacheFile, () => compileFunction(source, PARAMETERS, { filename: file, produceCachedData: true }).cachedData);
    },
  };
}

function writeCodeCache(file: string, cacheFile: string, data: () => Buffer | undefined): void {
  // Written whole under a name of its own, then renamed: another window starting meanwhile reads either no cache or all of one.
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    const bytes = data();
    if (bytes === undefined) return;
    writeFileSync(partial, bytes);
    renameSync(partial, cacheFile);
  } catch {
    // A folder this process may not write (a read-only install): no cache, as before it existed.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written, or it cannot be removed either.
    }
    return;
  }
  const folder = dirname(file);
  const own = `${basename(file)}.`;
  try {
    for (const name of readdirSync(folder)) {
      if (name.startsWith(own) && name.endsWith(CODE_CACHE_SUFFIX) && name !== basename(cacheFile)) rmSync(join(folder, name), { force: true });
    }
  } catch {
    // Left for the next build's start to remove.
  }
}
