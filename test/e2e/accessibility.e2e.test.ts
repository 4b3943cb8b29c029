// Accessibility of the chat webview in the real workbench: axe-core (the engine of most
// accessibility checkers) runs inside the webview's own document — the welcome panel, a streamed
// answer with rich Markdown, the history list — and finds no serious or critical violation. Then
// Open Answer in Editor shows an answer as plain Markdown in an editor. In the same editor, which starts without a
// key: setting the key through the palette (apiKey.ts) and a key the server rejects (wrongKey.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Frame } from 'playwright-core';
import { describeApiKey } from './apiKey';
import { eventually, useFreshEditor } from './fixture';
import { describeWrongKey } from './wrongKey';

/** axe-core's browser bundle, evaluated in the frame (through the DevTools protocol: the webview's CSP does not apply). */
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

describe('accessibility: the chat webview (axe-core) and Open Answer in Editor; flows: the API key', () => {
  // No key at first: the welcome panel shows. Then the API key flow (apiKey.ts) stores demo-key; the wrong key's
  // (wrongKey.ts) comes last. Each part is a describe of its own, so that they run in this order.
  const world = useFreshEditor({ settings: { 'modelAccess.model': 'echo-1' } });

  /** The webview's document as a Playwright Frame (axe needs to run inside it). */
  async function chatDocument(): Promise<Frame> {
    const frame = await world.chat.frame.locator('body').elementHandle().then((body) => body?.ownerFrame());
    assert.ok(frame, 'the chat webview has no document');
    return frame;
  }

  /** Serious and critical violations in the chat webview's document, one line each. */
  async function seriousViolations(): Promise<string[]> {
    const frame = await chatDocument();
    await frame.evaluate(axeSource);
    const violations = await frame.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`);
  }

  describe('accessibility: without a key', () => {
    it('the welcome panel has no serious or critical violation', async () => {
      await world.openModelAccess();
      await world.chat.welcome().waitFor({ state: 'visible', timeout: 30_000 });
      assert.deepEqual(await seriousViolations(), []);
    });
  });

  describeApiKey(world);

  describe('accessibility: with the key stored', () => {
    it('a streamed answer with rich Markdown has none', async () => {
      await world.openModelAccess();
      await world.chat.welcome().waitFor({ state: 'hidden', timeout: 15_000 });
      const prompt = [
        'Please repeat:',
        '## Heading',
        '- a list item with `code`',
        '1. and [a link](https://example.com)',
        '',
        '| Column | Value |',
        '|---|---|',
        '| a | 1 |',
        '',
        '```ts',
        'const answer = 42; // a comment',
        "const text = 'a string';",
        '```',
        '> a quote',
      ].join('\n');
      await world.chat.send(prompt);
      await world.chat.assistantMessage(0, 'done');
      assert.deepEqual(await seriousViolations(), []);
    });

    it('the history list has none', async () => {
      await world.workbench.clickViewTitleAction('Chat', 'Show Chat History');
      await world.chat.frame.locator('.history-list .history-item').first().waitFor({ state: 'visible', timeout: 15_000 });
      assert.deepEqual(await seriousViolations(), []);
      await world.chat.frame.locator('.history-panel').press('Escape');
      await world.chat.frame.locator('.history-list').waitFor({ state: 'hidden', timeout: 5_000 });
    });

    it('Open Answer in Editor shows the answer\'s Markdown in an untitled Markdown editor', async () => {
      const answer = world.chat.messages('assistant').first();
      await answer.hover();
      await answer.locator('button.open-in-editor').click();
      const editor = world.workbench.page.locator('.editor-instance .monaco-editor').first();
      // An untitled editor named "Answer N.md" (never "Untitled-N": see answerInEditor.ts) in Markdown mode.
      await world.workbench.page.locator('.tabs-container .tab.active', { hasText: /Answer \d+\.md/ }).waitFor({ state: 'visible', timeout: 15_000 });
      // The language mode item, by its whole text: waitFor is strict, and a substring would also match
      // any other item naming Markdown (a progress or language status item while its extension starts).
      await world.workbench.statusBarItem(/^\s*Markdown\s*$/).waitFor({ state: 'visible', timeout: 15_000 });
      // Monaco renders each line in its own element; spaces come out as non-breaking spaces.
      const lines = await eventually(
        async () => (await editor.locator('.view-lines .view-line').allInnerTexts()).map((line) => line.replace(/\u00a0/g, ' ')),
        (text) => text.some((line) => line.includes('```ts')),
        'the answer in the editor',
      );
      assert.ok(lines.includes('## Heading') && lines.includes('| a | 1 |') && lines.includes('const answer = 42; // a comment'), lines.join('\n'));
      await world.workbench.runCommand('View: Revert and Close Editor');
    });
  });

  describeWrongKey(world);
});
