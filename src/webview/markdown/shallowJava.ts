// highlight.js's Java grammar (11.12) writes out its pattern for a type's generic arguments once per level of
// nesting, three levels deep (`Map<K, List<Set<V>>>`), four copies of the level below in each: one such
// pattern runs to 5 KB of expression, several modes hold it, and building the grammar (highlight.js joins a mode's
// expressions into one, V8 compiles it on first use, again for two-byte text) was the chat page's longest step
// by far: in Node 88–129 ms, the next grammar (PHP) 36; in the page's warm-up 66–97 ms, and 98–113 for its
// first round on two-byte text (issue 8: a task over 50 ms while the user may be typing). The page registers it
// with two levels (`Map<K, List<V>>`): a declaration whose type nests three levels deep loses the colour of its
// type and name, and the rest of the code highlights as before (test/unit/webview/markdown/shallowJava.test.ts).
import type { HLJSApi, Language, Mode } from 'highlight.js';
import java from 'highlight.js/lib/languages/java';

/** How one level of type arguments starts in the grammar's expressions: `(?:\s*<\s*`. */
const TYPE_ARGUMENTS_OPEN = '(?:\\s*<\\s*';

/**
 * `source` without its innermost level of optional type arguments, where three or more are nested: each group
 * opened by TYPE_ARGUMENTS_OPEN, followed by `?`, holding no other such group and inside two or more. The
 * grammar's groups of level n are copies of one pattern with each placeholder replaced by a group of level
 * n + 1 (the innermost by nothing), so dropping the innermost gives exactly the pattern one level shallower.
 */
export function withoutInnermostTypeArguments(source: string): string {
  interface Group { start: number; typeArguments: boolean; holdsTypeArguments: boolean }
  const open: Group[] = [];
  const cuts: [number, number][] = [];
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      i++;
    } else if (char === '[') {
      // A character class: nothing in it opens or closes a group (`]` first in it is a member).
      i++;
      if (source[i] === ']') i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (char === '(') {
      open.push({ start: i, typeArguments: source.startsWith(TYPE_ARGUMENTS_OPEN, i), holdsTypeArguments: false });
    } else if (char === ')') {
      const group = open.pop();
      if (group?.typeArguments !== true) continue;
      const outer = open.filter((candidate) => candidate.typeArguments);
      for (const candidate of outer) candidate.holdsTypeArguments = true;
      if (!group.holdsTypeArguments && outer.length >= 2 && source[i + 1] === '?') cuts.push([group.start, i + 2]);
    }
  }
  let result = '';
  let from = 0;
  for (const [start, end] of cuts) {
    result += source.slice(from, start);
    from = end;
  }
  return result + source.slice(from);
}

type Expression = string | RegExp | (string | RegExp)[] | undefined;

function shallower(expression: Expression): Expression {
  if (typeof expression === 'string') return withoutInnermostTypeArguments(expression);
  if (expression instanceof RegExp) {
    const source = withoutInnermostTypeArguments(expression.source);
    return source === expression.source ? expression : new RegExp(source, expression.flags);
  }
  if (Array.isArray(expression)) {
    const parts = expression.map((part) => shallower(part) as string | RegExp);
    return parts.some((part, index) => part !== expression[index]) ? parts : expression;
  }
  return expression;
}

/** Every mode of `language` once (modes are shared, and may contain themselves). */
export function modesOf(language: Language): Mode[] {
  const seen = new Set<Mode>();
  const visit = (mode: Mode | string | undefined): void => {
    if (mode === undefined || typeof mode === 'string' || seen.has(mode)) return;
    seen.add(mode);
    for (const child of [...(mode.contains ?? []), ...(mode.variants ?? [])]) visit(child as Mode | string);
    visit(mode.starts);
  };
  visit(language as Mode);
  return [...seen];
}

/** highlight.js's Java grammar with type arguments matched two levels deep, not three (see the top of this file). */
export function shallowJava(hljs: HLJSApi): Language {
  const language = java(hljs);
  for (const mode of modesOf(language)) {
    const expressions = mode as Record<'begin' | 'end' | 'match', Expression>;
    // Only a mode of Java's own changes: the modes it shares with other grammars (comments, strings) hold no type
    // arguments, and are left as they are.
    for (const key of ['begin', 'end', 'match'] as const) {
      const expression = shallower(expressions[key]);
      if (expression !== expressions[key]) expressions[key] = expression;
    }
  }
  return language;
}
