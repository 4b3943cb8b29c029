// The walkthrough in package.json: every step completes on a context key the extension really sets
// (the names come from src/host/context/contextKeyNames.ts, the one source the code uses), and every
// button runs a command the extension contributes. test/host/walkthrough.test.ts proves that doing
// each step's action sets its key.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONTEXT_KEYS } from '../../../src/host/context/contextKeyNames';
import { readManifest } from '../../harness/manifest';

const root = path.resolve(__dirname, '..', '..', '..', '..');
interface Step { id: string; title: string; description: string; media: { image?: string; markdown?: string; altText?: string }; completionEvents?: string[] }
// As users see it: the %key%s replaced by their English text.
const manifest = readManifest() as {
  contributes: {
    walkthroughs: { id: string; steps: Step[] }[];
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    viewsWelcome: { when?: string }[];
    keybindings: { command: string; key: string; mac?: string }[];
  };
};
const contextKeyNames = new Set<string>(Object.values(CONTEXT_KEYS));
const [walkthrough] = manifest.contributes.walkthroughs;

describe('release: the getting-started walkthrough', () => {
  it('has the six steps of the first run, in order', () => {
    assert.equal(manifest.contributes.walkthroughs.length, 1);
    assert.deepEqual(walkthrough.steps.map((step) => step.id), ['setBaseUrl', 'setApiKey', 'testConnection', 'pickModel', 'firstChat', 'sendSelection']);
  });

  for (const step of walkthrough.steps) {
    it(`step ${step.id} completes on a context key the extension sets`, () => {
      const events = step.completionEvents ?? [];
      assert.ok(events.length > 0, 'no completion event: the step would complete when merely opened');
      for (const event of events) {
        const match = /^onContext:([\w.]+)$/.exec(event);
        assert.ok(match, `${event} is not an onContext event`);
        assert.ok(contextKeyNames.has(match[1]), `${match[1]} is not one of the context keys the code sets (${[...contextKeyNames].join(', ')})`);
      }
    });

    it(`step ${step.id} links only to commands and views the extension contributes, and ships its media`, () => {
      const links = [...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((found) => found[1]);
      assert.ok(links.length > 0, 'no button');
      const commands = new Set(manifest.contributes.commands.map((command) => command.command));
      // `<view id>.focus` is the command VS Code creates for each view.
      const views = Object.values(manifest.contributes.views).flat().map((view) => `${view.id}.focus`);
      for (const link of links) assert.ok(commands.has(link) || views.includes(link), `${link} is not contributed`);
      const media = step.media.image ?? step.media.markdown;
      assert.ok(media && fs.existsSync(path.join(root, media)), `missing media ${media}`);
      assert.ok(step.media.markdown || step.media.altText, 'an image without alt text');
    });
  }

  it('every step has its own completion key (one step done never ticks another)', () => {
    const keys = walkthrough.steps.flatMap((step) => step.completionEvents ?? []);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('states the Send Selection keys the keybinding really has', () => {
    const binding = manifest.contributes.keybindings.find((entry) => entry.command === 'modelAccess.sendSelection');
    const description = walkthrough.steps.find((step) => step.id === 'sendSelection')?.description ?? '';
    const shown = (key: string): string => key.split('+').map((part) => part[0].toUpperCase() + part.slice(1)).join('+');
    assert.ok(binding?.mac);
    assert.ok(description.includes(shown(binding.key)) && description.includes(shown(binding.mac)), description);
  });

  it('the views\' welcome content reads only context keys the code sets', () => {
    for (const entry of manifest.contributes.viewsWelcome) {
      for (const name of entry.when?.match(/modelAccess\.[\w.]+/g) ?? []) assert.ok(contextKeyNames.has(name), name);
    }
  });
});
