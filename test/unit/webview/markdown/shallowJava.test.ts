import * as assert from 'node:assert/strict';
import hljs from 'highlight.js/lib/core';
import java from 'highlight.js/lib/languages/java';
import type { Language } from 'highlight.js';
import { highlightCode } from '../../../../src/webview/markdown/highlight';
import { modesOf, shallowJava, withoutInnermostTypeArguments } from '../../../../src/webview/markdown/shallowJava';

/** highlight.js's own Java grammar, in an instance of its own (the page's registers shallowJava). */
const original = hljs.newInstance();
original.registerLanguage('java', java);
const highlightOriginal = (code: string): string => original.highlight(code, { language: 'java', ignoreIllegals: true }).value;

/** Type arguments nested `depth` + 1 levels, built the way highlight.js's Java grammar builds them (a level's placeholders replaced by the level below). */
function typeArguments(depth: number): string {
  const level = '(?:\\s*<\\s*[a-z]+<@@@>(?:\\s*,\\s*[a-z]+<@@@>)*\\s*>)?';
  return depth < 0 ? '' : level.replace(/<@@@>/g, () => typeArguments(depth - 1));
}

/** Every expression of a grammar's modes (begin, end, match), as source text. */
function expressionsOf(language: Language): string[] {
  return modesOf(language).flatMap((mode) => [mode.begin, mode.end, mode.match].flat())
    .filter((expression) => expression !== undefined)
    .map((expression) => (typeof expression === 'string' ? expression : expression.source));
}

/** Java with generics at most two levels deep, and what else the grammar has a mode for. */
const JAVA = `package com.example.ünïcode;

import java.util.*;
import java.util.function.Function;

/** A Javadoc comment — with a dash. */
@SuppressWarnings("unchecked")
public final class Registry<K extends Comparable<K>, V> implements Iterable<Map.Entry<K, V>> {
    private static final int LIMIT = 0x1F_FF;
    private final Map<K, List<V>> entries = new HashMap<>();
    private final List<? extends Number>[] buckets = null;

    public record Pair<A, B>(A first, B second) {}

    public Registry() { this(LIMIT); }

    public <T> Map<String, List<T>> group(Collection<T> items, Function<? super T, String> key) {
        Map<String, List<T>> result = new TreeMap<>();
        for (T item : items) {
            result.computeIfAbsent(key.apply(item), k -> new ArrayList<>()).add(item);
        }
        var text = """
            a text block "quoted"
            """;
        char c = '\\n';
        return result; // a line comment
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
        return entries.entrySet().stream().map(e -> Map.entry(e.getKey(), e.getValue().get(0))).iterator();
    }

    sealed interface Shape permits Circle, Square {}
    enum Color { RED, GREEN }
}
`;

describe('webview/markdown/shallowJava: Java highlighted with type arguments two levels deep', () => {
  it('drops exactly the innermost level of nested type arguments', () => {
    assert.equal(withoutInnermostTypeArguments(typeArguments(2)), typeArguments(1));
    assert.equal(withoutInnermostTypeArguments(`[a-z]+${typeArguments(2)}\\s+`), `[a-z]+${typeArguments(1)}\\s+`);
    // Two levels or fewer are left as they are.
    assert.equal(withoutInnermostTypeArguments(typeArguments(1)), typeArguments(1));
    assert.equal(withoutInnermostTypeArguments(typeArguments(0)), typeArguments(0));
  });

  it('never cuts a group that is not optional, nor reads a parenthesis in a character class or escaped as a group', () => {
    const required = '(?:\\s*<\\s*a(?:\\s*<\\s*b(?:\\s*<\\s*c\\s*>)\\s*>)?\\s*>)?';
    assert.equal(withoutInnermostTypeArguments(required), required);
    const classes = `[()]\\(${typeArguments(1)}[\\])(]`;
    assert.equal(withoutInnermostTypeArguments(classes), classes);
    assert.equal(withoutInnermostTypeArguments(`[()]\\(${typeArguments(2)}[\\])(]`), classes);
  });

  it('makes the grammar\'s longest expression less than a third as long as highlight.js\'s own', () => {
    const longest = (language: Language): number => Math.max(...expressionsOf(language).map((source) => source.length));
    const before = longest(java(hljs.newInstance()));
    const after = longest(shallowJava(hljs.newInstance()));
    assert.ok(before > 3_000, `highlight.js's Java grammar still writes out three levels (longest expression ${before} characters): this file is for that`);
    assert.ok(after * 3 < before, `longest expression ${after} characters, highlight.js's own ${before}`);
  });

  it('highlights Java with generics up to two levels deep exactly as highlight.js\'s own grammar does', () => {
    for (const code of [JAVA, `${JAVA}\n// \u2014 two-byte text\n`]) {
      const html = highlightCode(code, 'java');
      assert.equal(html, highlightOriginal(code));
      assert.match(html ?? '', /<span class="hljs-title function_">group<\/span>/);
      assert.match(html ?? '', /<span class="hljs-type">Map<\/span>&lt;String, List&lt;T&gt;&gt; <span class="hljs-variable">result<\/span>/);
    }
    // The aliases too: the page registers the grammar under Java's name and aliases.
    assert.equal(highlightCode('List<Map<K, V>> all() {}', 'jsp'), highlightOriginal('List<Map<K, V>> all() {}'));
  });

  it('gives up only the colour of a declaration whose type nests three levels deep, never its text', () => {
    const code = 'Map<String, List<Set<Integer>>> index(int limit) { return null; }\n';
    const html = highlightCode(code, 'java') ?? '';
    assert.match(highlightOriginal(code), /<span class="hljs-title function_">index<\/span>/);
    assert.doesNotMatch(html, /hljs-title function_/);
    assert.equal(html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>'), code);
  });
});
