// Runs the chat app in jsdom with a recorded host, a controllable clock and manual frames.
import type { HostToWebview, StateMessage, TranscriptMessage, WebviewToHost } from '../../../src/shared/protocol';
import { ChatApp } from '../../../src/webview/app';
import type { ViewState } from '../../../src/webview/hostChannel';
import { createWindow, type TestWindow } from './domFixture';

export interface AppHarness {
  window: TestWindow;
  doc: Document;
  app: ChatApp;
  posted: WebviewToHost[];
  savedStates: ViewState[];
  /** Delivers a host message. */
  receive(message: HostToWebview): void;
  /** Runs pending animation frames; returns how many ran. */
  runFrames(): number;
  /** Moves the clock, firing interval timers once per elapsed period. */
  advance(ms: number): void;
  $<T extends Element = HTMLElement>(selector: string): T;
  $$<T extends Element = HTMLElement>(selector: string): T[];
}

/** `prepare` runs on the window before the app starts (e.g. to give it a ResizeObserver jsdom lacks). */
export function createAppHarness(initialDraft = '', requestIdle?: (callback: () => void) => void, prepare?: (window: TestWindow) => void): AppHarness {
  const window = createWindow();
  prepare?.(window);
  const doc = window.document;
  const posted: WebviewToHost[] = [];
  const savedStates: ViewState[] = [];
  let frames: (() => void)[] = [];
  let now = 1_700_000_000_000;
  let nextTimer = 1;
  const timers = new Map<number, { callback: () => void; period: number; due: number }>();

  const app = new ChatApp({
    root: doc.getElementById('root') as HTMLElement,
    window,
    host: { post: (message) => posted.push(message) },
    viewState: { load: () => ({ draft: initialDraft }), save: (state) => savedStates.push(state) },
    requestFrame: (callback) => frames.push(callback),
    ...(requestIdle ? { requestIdle } : {}),
    clock: {
      now: () => now,
      setInterval: (callback, period) => {
        const id = nextTimer++;
        timers.set(id, { callback, period, due: now + period });
        return id;
      },
      clearInterval: (id) => timers.delete(id as number),
    },
  });

  const harness: AppHarness = {
    window,
    doc,
    app,
    posted,
    savedStates,
    receive: (message) => app.handle(message),
    runFrames() {
      const pending = frames;
      frames = [];
      pending.forEach((frame) => frame());
      return pending.length;
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].sort((a, b) => a[1].due - b[1].due)[0];
        if (!next || next[1].due > end) break;
        now = next[1].due;
        next[1].due += next[1].period;
        next[1].callback();
      }
      now = end;
    },
    $: (selector) => {
      const element = doc.querySelector(selector);
      if (!element) throw new Error(`no element matches ${selector}`);
      return element as never;
    },
    $$: (selector) => Array.from(doc.querySelectorAll(selector)) as never,
  };
  return harness;
}

/** True when neither the element nor any ancestor is hidden. */
export function isShown(element: Element | null): boolean {
  for (let node = element; node; node = node.parentElement) {
    if ((node as HTMLElement).hidden) return false;
  }
  return element !== null;
}

export function key(window: TestWindow, type: string, init: KeyboardEventInit & { keyCode?: number }): KeyboardEvent {
  return new window.KeyboardEvent(type, { bubbles: true, cancelable: true, ...init });
}

/** A click as the browser dispatches it: `click` for the primary button, `auxclick` for the others. */
export function click(window: TestWindow, element: Element, button = 0): MouseEvent {
  const event = new window.MouseEvent(button === 0 ? 'click' : 'auxclick', { bubbles: true, cancelable: true, button });
  element.dispatchEvent(event);
  return event;
}

/** A state message for chat `chat-1` with `messages`, model echo-1, key and base URL set. */
export function stateMessage(messages: TranscriptMessage[] = [], extra: Partial<StateMessage> = {}): StateMessage {
  return {
    type: 'state',
    chat: { id: 'chat-1', title: 'First chat', createdAt: 1, updatedAt: 2, messages },
    model: 'echo-1',
    busy: false,
    hasApiKey: true,
    hasBaseUrl: true,
    history: [],
    ...extra,
  };
}
