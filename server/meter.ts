/**
 * What the server observed: one record per request (for GET /_admin/requests) and usage per
 * key (for GET /_admin/usage). Keys appear only as their masked hint.
 */
export type RequestOutcome = 'completed' | 'client-closed' | 'error';

export interface RequestRecord {
  /** Also sent to the client as the `x-request-id` header. */
  id: string;
  method: string;
  path: string;
  /** The model the body named, once the body parsed; null otherwise. */
  model: string | null;
  /** What the model call asked for, once its body was valid (null before, and for /models). */
  stream: boolean | null;
  /** max_tokens / max_output_tokens as sent; null when not sent (or before the body was valid). */
  maxTokens: number | null;
  /** The roles of the messages / input items, in order (a system prompt shows as 'system'); null before the body was valid. */
  roles: string[] | null;
  /** Masked key (see maskKey); null when no key was presented. */
  keyHint: string | null;
  /** The HTTP status sent; null while no header has been sent. */
  status: number | null;
  /** 'in-progress' until the reply ends. */
  outcome: RequestOutcome | 'in-progress';
  /** Epoch milliseconds. */
  startedAt: number;
  endedAt: number | null;
}

export interface Usage {
  /** Model calls that entered model processing (and so were billed). */
  requests: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** Old records are dropped beyond this many, so a long-running server does not grow without end. */
const MAX_RECORDS = 10_000;

export class Meter {
  private records: RequestRecord[] = [];
  private usageByKey = new Map<string, Usage>();

  constructor(private readonly configuredKeyHints: readonly string[]) {
    this.reset();
  }

  startRequest(record: RequestRecord): RequestRecord {
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
    return record;
  }

  bill(keyHint: string, delta: Partial<Omit<Usage, 'totalTokens'>>): void {
    let usage = this.usageByKey.get(keyHint);
    if (usage === undefined) {
      usage = emptyUsage();
      this.usageByKey.set(keyHint, usage);
    }
    usage.requests += delta.requests ?? 0;
    usage.inputTokens += delta.inputTokens ?? 0;
    usage.outputTokens += delta.outputTokens ?? 0;
    usage.totalTokens = usage.inputTokens + usage.outputTokens;
  }

  requests(): RequestRecord[] {
    return this.records.map((r) => ({ ...r }));
  }

  usage(): Record<string, Usage> {
    return Object.fromEntries([...this.usageByKey].map(([hint, usage]) => [hint, { ...usage }]));
  }

  /** Forgets records and usage; every configured key starts again at zero. */
  reset(): void {
    this.records = [];
    this.usageByKey = new Map(this.configuredKeyHints.map((hint) => [hint, emptyUsage()]));
  }
}

function emptyUsage(): Usage {
  return { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
}
