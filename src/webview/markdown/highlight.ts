// Syntax highlighting with highlight.js core and a curated set of languages: the full
// build is ~1 MB, and code in a chat is nearly always one of these.
import type { HighlightResult } from 'highlight.js';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import powershell from 'highlight.js/lib/languages/powershell';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { shallowJava } from './shallowJava';

/**
 * In the order the page's warm-up makes them warm (warmUp.ts), the ones answers hold most first: code in a grammar
 * not yet warm shows plain until it is (grammarWarmth.ts), and a first answer sent as the view opens met TypeScript,
 * 24th of 26 in alphabetical order, before the warm-up had reached it.
 */
const LANGUAGES = {
  typescript, javascript, python, bash, shell, json, xml, css, yaml, sql, java: shallowJava, go, rust, cpp, c, csharp,
  markdown, diff, php, ruby, kotlin, swift, powershell, dockerfile, ini, plaintext,
};

for (const [name, language] of Object.entries(LANGUAGES)) {
  hljs.registerLanguage(name, language);
}

/** The languages highlighted (their grammars compile on first use: see warmUp.ts). */
export const HIGHLIGHTED_LANGUAGES: readonly string[] = Object.keys(LANGUAGES);

/** The grammar `language` names (a name or alias such as `ts`, `py`, `sh`: one grammar for both), if it is highlighted. */
export function grammarOf(language: string): object | undefined {
  return language === '' ? undefined : hljs.getLanguage(language);
}

/** True when `language` (a name or alias such as `ts`, `py`, `sh`) is highlighted. */
export function isKnownLanguage(language: string): boolean {
  return grammarOf(language) !== undefined;
}

/** Characters handed to highlight.js (for tests and the benchmark: they count work rather than time it). */
export interface HighlightWork {
  highlightedChars: number;
}

function highlightWhole(code: string, language: string, work?: HighlightWork): HighlightResult {
  if (work) work.highlightedChars += code.length;
  return hljs.highlight(code, { language, ignoreIllegals: true });
}

/**
 * Highlighted HTML for `code`, or undefined when the language is unknown. No auto-detection:
 * it runs every grammar over the text, far too slow for a block re-rendered every frame.
 */
export function highlightCode(code: string, language: string, work?: HighlightWork): string | undefined {
  if (!isKnownLanguage(language)) {
    return undefined;
  }
  return highlightWhole(code, language, work).value;
}

/** What one growing code block has highlighted so far: `html` is the highlighting of `code`. */
export interface HighlightCache {
  language: string;
  code: string;
  html: string;
}

/**
 * Like highlightCode, for a code block that grows (an open fence while an answer streams):
 * re-highlighting the whole block every frame would make a long block cost O(n²).
 *
 * Complete lines are highlighted once and kept in `cache`, but only up to a point where
 * highlight.js is back in the language's top-level mode (no string or comment still open):
 * from there, highlighting the rest on its own gives exactly what highlighting the whole
 * would. Text that is not yet settled (the partial last line, an open multi-line comment) is
 * highlighted again each time, so the cost per call is the unsettled text, not the block.
 */
export function highlightGrowingCode(code: string, language: string, cache: HighlightCache, work?: HighlightWork): string | undefined {
  const rest = highlightGrowingRest(code, language, cache, work);
  return rest === undefined ? undefined : cache.html + rest;
}

/**
 * highlightGrowingCode in parts: afterwards `cache.html` highlights the settled start of
 * `code` (cache.code), and the result is the HTML of the rest. Undefined for unknown languages.
 */
export function highlightGrowingRest(code: string, language: string, cache: HighlightCache, work?: HighlightWork): string | undefined {
  if (!isKnownLanguage(language)) {
    return undefined;
  }
  if (cache.language !== language || !code.startsWith(cache.code)) {
    cache.language = language;
    cache.code = '';
    cache.html = '';
  }
  const rest = code.slice(cache.code.length);
  const settledEnd = rest.lastIndexOf('\n') + 1;
  if (settledEnd > 0) {
    const lines = highlightFollowingLines(rest.slice(0, settledEnd), language, cache, work);
    if (lines.settled) {
      const partial = rest.slice(settledEnd);
      return partial === '' ? '' : highlightWhole(partial, language, work).value;
    }
  }
  return highlightWhole(rest, language, work).value;
}

/**
 * Highlights complete `lines` that follow `cache.code` in the block (where highlight.js is back in
 * the language's top-level mode, so they highlight on their own as they would in the whole). When
 * they end at the top level too, they join the cache (`settled`). Their HTML either way.
 */
export function highlightFollowingLines(lines: string, language: string, cache: HighlightCache, work?: HighlightWork): { html: string; settled: boolean } {
  const result = highlightWhole(lines, language, work);
  const settled = endsAtTopLevel(result, language);
  if (settled) {
    // (Set here too: a cache first filled by this, not by highlightGrowingRest, must not look like another language's.)
    cache.language = language;
    cache.code += lines;
    cache.html += result.value;
  }
  return { html: result.value, settled };
}

/** True when highlighting ended outside any string, comment or other multi-line construct. */
function endsAtTopLevel(result: HighlightResult, language: string): boolean {
  // `_top` is the mode highlight.js ended in (declared in its types, not documented). If a
  // version stops providing it, nothing is cached and the block is just highlighted whole.
  return result._top !== undefined && result._top === hljs.getLanguage(language);
}
