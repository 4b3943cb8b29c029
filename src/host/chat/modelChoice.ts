import type { TranscriptMessage } from '../../shared/protocol';

/** The model a chat asks, and the endpoint profile it asks it at (absent: the chat was made with one endpoint). */
export interface ModelChoice {
  model: string;
  profile?: string;
}

/**
 * The model (and profile) a chat asked last: reopening the chat continues with it, as the chat's
 * own model picker showed it then, instead of with whatever model was picked since for another chat.
 */
export function rememberedChoice(messages: readonly TranscriptMessage[]): ModelChoice | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const { model, profile } = messages[i];
    if (model) {
      return profile === undefined ? { model } : { model, profile };
    }
  }
  return undefined;
}
