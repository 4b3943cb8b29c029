// The chat webview as the E2E tests see it: only the selectors of the DOM contract in
// docs/architecture.md ("Webview DOM contract").
import type { FrameLocator, Locator } from 'playwright-core';

export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'error';

/** A prompt longer than this is pasted (ChatView.paste), not typed. */
const PASTED_CHARS = 2_000;

export class ChatView {
  constructor(readonly frame: FrameLocator) {}

  prompt(): Locator {
    return this.frame.locator('textarea#prompt');
  }

  sendButton(): Locator {
    return this.frame.locator('button#send');
  }

  stopButton(): Locator {
    return this.frame.locator('button#stop');
  }

  modelPicker(): Locator {
    return this.frame.locator('button#model-picker');
  }

  welcome(): Locator {
    return this.frame.locator('#welcome');
  }

  /** The countdown shown while a 429 back-off runs (only the visible one: idle ones may stay in the DOM). */
  retryCountdown(): Locator {
    return this.frame.locator('.retry-countdown:visible');
  }

  /** The file chips above the prompt (optionally the one whose label is `label`). */
  attachmentChips(label?: string): Locator {
    const chips = this.frame.locator('.attachments .attachment-chip');
    return label === undefined ? chips : chips.filter({ has: this.frame.locator('.chip-label', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  }

  /** The project instructions chip (a toggle: aria-pressed). */
  instructionsChip(): Locator {
    return this.frame.locator('.attachments button.instructions-chip');
  }

  messages(role?: 'user' | 'assistant', status?: MessageStatus): Locator {
    const roleFilter = role ? `[data-role=${role}]` : '';
    const statusFilter = status ? `[data-status=${status}]` : '';
    return this.frame.locator(`.message${roleFilter}${statusFilter}`);
  }

  /**
   * Types a prompt and presses Enter, as a user would; a long one (over PASTED_CHARS) goes in at once, as a paste
   * would (paste).
   */
  async send(text: string): Promise<void> {
    const prompt = this.prompt();
    await prompt.waitFor({ state: 'visible', timeout: 30_000 });
    if (text.length > PASTED_CHARS) await this.paste(text);
    else await prompt.fill(text);
    await prompt.press('Enter');
  }

  /**
   * Puts `text` into the prompt at once, as a paste lands: the value, then one `input` event. (Playwright's `fill`
   * inserts text through the browser's editing commands, which take seconds for a long text in any text area: 65 KB
   * took 4.8–5.8 s in a bare page in Chromium, 9.5 s in the chat's prompt in the workbench, against 33–57 ms set so.)
   */
  async paste(text: string): Promise<void> {
    await this.prompt().evaluate((element, value) => {
      const prompt = element as HTMLTextAreaElement;
      prompt.value = value;
      prompt.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    }, text);
  }

  /**
   * Waits until the n-th (0-based) assistant message reaches `status` and returns it; fails at once
   * when it ends in another final status (with its error text, if any).
   */
  async assistantMessage(index: number, status: MessageStatus, timeoutMs = 30_000): Promise<Locator> {
    const message = this.messages('assistant').nth(index);
    const deadline = Date.now() + timeoutMs;
    let seen: string | null = null;
    while (Date.now() < deadline) {
      seen = await message.getAttribute('data-status', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => null);
      if (seen === status) return message;
      if (seen !== null && seen !== 'streaming') {
        const error = await message.locator('.error').innerText({ timeout: 1000 }).catch(() => '');
        throw new Error(`Assistant message ${index} ended as "${seen}", expected "${status}"${error ? `: ${error}` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Assistant message ${index} did not reach "${status}" within ${timeoutMs} ms (last status: ${seen ?? 'none'})`);
  }

  /** The rendered text of a message's content (markdown rendered to text). */
  async contentText(message: Locator): Promise<string> {
    return normalize(await renderedText(message.locator('.content')));
  }

  /** [role, text] of every message in order; what a reload must bring back. */
  async transcript(): Promise<[string, string][]> {
    const all = this.messages();
    const result: [string, string][] = [];
    for (const message of await all.all()) {
      result.push([(await message.getAttribute('data-role')) ?? '', normalize(await renderedText(message.locator('.content')))]);
    }
    return result;
  }
}

/**
 * A message's text as it is drawn (innerText), also when it is scrolled out of view. Settled messages, the
 * groups of a reopened chat's older ones and the chunks of an answer skip rendering while off screen (content-visibility: auto), and
 * innerText counts skipped content as empty: the message and its chunks are made visible for the read,
 * as scrolling to them would.
 */
async function renderedText(content: Locator): Promise<string> {
  return content.evaluate((element) => {
    const skippable = [element.closest<HTMLElement>('.message-group'), element.closest<HTMLElement>('.message'), ...Array.from(element.querySelectorAll<HTMLElement>('.md-chunk, .md-tail'))]
      .filter((node): node is HTMLElement => node !== null);
    for (const node of skippable) node.style.contentVisibility = 'visible';
    try {
      return (element as HTMLElement).innerText;
    } finally {
      for (const node of skippable) node.style.removeProperty('content-visibility');
    }
  });
}

function normalize(text: string): string {
  return text.replace(/\r\n/g, '\n').trim();
}
