// Which grammars the page may run in a frame. highlight.js builds a grammar on its first use and V8 compiles
// each of its expressions the first time it runs (again for two-byte text): for a page's first answer, that was
// done inside the answer's frames whenever the warm-up (warmUp.ts) had not reached the language yet — profiled
// in the editor, a first answer's task of 79 ms, 54 of it V8 compiling the TypeScript grammar's expressions.
// Code in a language not yet warm is shown as plain text, as code that arrives while the page is behind is
// (markdownView.ts), and highlighted once the warm-up has made its grammar warm, which it does first for a
// language the page is waiting for. The warm-up runs no step while the host answers (app.ts), so on a cold page
// such code stays plain until its answer has ended.
import { grammarOf, HIGHLIGHTED_LANGUAGES } from './highlight';

/** What the views ask: may `language` be highlighted in a frame now? */
export interface Warmth {
  isWarm(language: string): boolean;
  /** Calls `listener` once, when a language the page waited for turns warm; returns what stops that. */
  whenWarmer(listener: () => void): () => void;
}

/** No warm-up (tests, a page without idle callbacks): every grammar may run at once. */
export const ALWAYS_WARM: Warmth = {
  isWarm: () => true,
  whenWarmer: () => () => undefined,
};

export class GrammarWarmth implements Warmth {
  /** Grammars not yet warm, with the name each was registered under (an alias finds the same grammar). */
  private readonly cold = new Map<object, string>();
  /** Cold grammars a view asked about, in the order it did: the warm-up takes these first. */
  private readonly wanted = new Set<object>();
  private readonly listeners = new Set<() => void>();

  constructor(languages: readonly string[] = HIGHLIGHTED_LANGUAGES) {
    for (const language of languages) {
      const grammar = grammarOf(language);
      if (grammar !== undefined) this.cold.set(grammar, language);
    }
  }

  /** True unless `language` is highlighted and its grammar not yet warm; then the page waits for it (nextWanted). */
  isWarm(language: string): boolean {
    const grammar = grammarOf(language);
    if (grammar === undefined || !this.cold.has(grammar)) return true;
    this.wanted.add(grammar);
    return false;
  }

  /** The language the page has waited for longest that is still cold, by the name it was registered under. */
  nextWanted(): string | undefined {
    for (const grammar of this.wanted) {
      const name = this.cold.get(grammar);
      if (name !== undefined) return name;
      this.wanted.delete(grammar);
    }
    return undefined;
  }

  /** `language`'s grammar is built and its expressions compiled: the views may run it. */
  setWarm(language: string): void {
    const grammar = grammarOf(language);
    if (grammar === undefined || !this.cold.delete(grammar)) return;
    if (!this.wanted.delete(grammar)) return;
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }

  whenWarmer(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
