/**
 * Runs an output plan in time: one token after another, pausing between tokens when the model
 * is slow, and stopping at once when the signal says the client has gone.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { OutputPlan } from './output';
import type { SseWriter } from './sseWriter';

export type TokenKind = 'reasoning' | 'text';

/**
 * Calls `emit` for every reasoning token, then every text token. Resolves true when all were
 * emitted, false when the signal aborted first.
 */
export async function runPlan(plan: OutputPlan, signal: AbortSignal,
  emit: (kind: TokenKind, token: string) => void | Promise<void>): Promise<boolean> {
  const total = plan.reasoning.length + plan.text.length;
  for (let i = 0; i < total; i++) {
    if (signal.aborted) return false;
    if (plan.tokenIntervalMs > 0) {
      try {
        await sleep(plan.tokenIntervalMs, undefined, { signal });
      } catch {
        return false;
      }
    }
    const reasoning = i < plan.reasoning.length;
    const token = reasoning ? plan.reasoning[i] : plan.text.at(i - plan.reasoning.length);
    await emit(reasoning ? 'reasoning' : 'text', token ?? '');
  }
  return !signal.aborted;
}

/** How often a 'keepalive' ending sends its comment. */
export const KEEPALIVE_INTERVAL_MS = 50;

/**
 * The 'keepalive' ending: sends `: ping` comments, never data, until the client leaves (or the
 * server closes). A client that counts bytes as activity never times out on this.
 */
export async function keepAliveForever(writer: SseWriter, signal: AbortSignal): Promise<void> {
  await writer.flush();
  while (!signal.aborted && !writer.closed) {
    await writer.comment('ping');
    try {
      await sleep(KEEPALIVE_INTERVAL_MS, undefined, { signal });
    } catch {
      return;
    }
  }
}
