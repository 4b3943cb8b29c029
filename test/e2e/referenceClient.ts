// Talks to the reference server directly, next to the extension: to learn what a correct answer
// looks like (so the UI is compared with the server, not with a copy of its logic) and to create
// server-side conditions such as an occupied rate-limit slot.
import { createParser } from 'eventsource-parser';

export interface StreamedChat {
  text: string;
  /** Resolves when the stream ended (or was aborted). */
  finished: Promise<void>;
  abort(): void;
}

/** The models the server lists for `key`, as ids. */
export async function listedModelIds(baseUrl: string, key: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/models`, { headers: { Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET /models answered ${response.status}`);
  const body = (await response.json()) as { data: { id: string }[] };
  return body.data.map((model) => model.id);
}

/** The full text the server streams for a one-message chat. */
export async function streamedReply(baseUrl: string, key: string, model: string, prompt: string): Promise<string> {
  const chat = await startStreamingChat(baseUrl, key, model, prompt);
  await chat.finished;
  return chat.text;
}

/** The error envelope the server answers a chat request with (for comparing error texts). */
export async function chatError(baseUrl: string, key: string, model: string, prompt: string): Promise<{ status: number; message: string; code?: string }> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: prompt }], stream: true }),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string; code?: string } };
  if (response.ok || !body.error?.message) throw new Error(`Expected an error envelope, got ${response.status}`);
  return { status: response.status, message: body.error.message, code: body.error.code };
}

/**
 * Starts a streaming chat and resolves once the server admitted it (answered 200), so that while
 * it runs it holds one of the key's in-flight slots.
 */
export async function startStreamingChat(baseUrl: string, key: string, model: string, prompt: string, maxTokens?: number): Promise<StreamedChat> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    signal: controller.signal,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model,
      messages: [{ role: 'user', content: prompt }],
      stream: true,
      ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
    }),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`POST /chat/completions (${model}) answered ${response.status}: ${await response.text()}`);
  }
  const chat: StreamedChat = { text: '', finished: Promise.resolve(), abort: () => controller.abort() };
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: string | null } }[] };
      chat.text += chunk.choices?.[0]?.delta?.content ?? '';
    },
  });
  const reader = response.body.getReader();
  chat.finished = (async () => {
    const decoder = new TextDecoder();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        parser.feed(decoder.decode(read.value, { stream: true }));
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  return chat;
}
