/**
 * Chooses `stream` per request and recovers from models that answer only in streaming form.
 * Requests stream by default (the spec warns that some models answer only that way). When the
 * user turns streaming off (modelAccess.stream) and the server refuses a model with "streaming
 * required", the request is retried once with streaming and the model is remembered, so later
 * requests for it stream at once.
 */
export class StreamingFallback {
  private readonly streamingOnly = new Set<string>();

  constructor(
    /** True when the server says a model must stream (the API client's isStreamingRequiredError). */
    private readonly isStreamingRequiredError: (error: unknown) => boolean,
    /** Asked for every request, so a settings change applies to the next one without a reload. */
    private readonly preferStreaming: () => boolean = () => true,
  ) {}

  streamFor(model: string): boolean {
    return this.preferStreaming() || this.streamingOnly.has(model);
  }

  /**
   * Runs `start(stream)` and yields its events. Falls back to streaming at most once, and only
   * when nothing was yielded yet: an error after the first event is the answer's own failure.
   */
  async *run<T>(model: string, start: (stream: boolean) => AsyncIterable<T>): AsyncGenerator<T> {
    const stream = this.streamFor(model);
    let yielded = false;
    try {
      for await (const event of start(stream)) {
        yielded = true;
        yield event;
      }
      return;
    } catch (error) {
      if (stream || yielded || !this.isStreamingRequiredError(error)) {
        throw error;
      }
      this.streamingOnly.add(model);
    }
    yield* start(true);
  }
}
