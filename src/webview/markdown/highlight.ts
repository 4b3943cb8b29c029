// Syntax highlighting with highlight.js core and a curated set of languages: the full
// build is ~1 MB, and code in a chat is nearly always one of these.
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
import java from 'highlight.js/lib/languages/java';
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

const LANGUAGES = {
  bash, c, cpp, csharp, css, diff, dockerfile, go, ini, java, javascript, json, kotlin, markdown,
  php, plaintext, powershell, python, ruby, rust, shell, sql, swift, typescript, xml, yaml,
};

for (const [name, language] of Object.entries(LANGUAGES)) {
  hljs.registerLanguage(name, language);
}

/** True when `language` (a name or alias such as `ts`, `py`, `sh`) is highlighted. */
export function isKnownLanguage(language: string): boolean {
  return language !== '' && hljs.getLanguage(language) !== undefined;
}

/**
 * Highlighted HTML for `code`, or undefined when the language is unknown. No auto-detection:
 * it runs every grammar over the text, far too slow for a block re-rendered every frame.
 */
export function highlightCode(code: string, language: string): string | undefined {
  if (!isKnownLanguage(language)) {
    return undefined;
  }
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
