// "New chat with a summary", host side (no vscode): runs the summary request, shows its state in
// the view, and forgets it when the user confirms or dismisses it. One summary at a time.
import * as l10n from '@vscode/l10n';
import type { WireMessage } from '../../api';
import type { HostToWebview, SummaryProposalMessage } from '../../shared/protocol';
import type { ChatLog } from '../chat/chatTypes';
import { isAbortError, toErrorInfo } from '../chat/errorInfo';

export interface SummaryWriterDeps {
  post(message: HostToWebview): void;
  log: ChatLog;
  /** Sends the summary request; resolves with the whole text the model wrote. */
  request(messages: WireMessage[], signal: AbortSignal): Promise<string>;
}

export class SummaryWriter {
  private controller: AbortController | undefined;
  /** What the view shows now (replayed after a reload of the page). */
  private shown: SummaryProposalMessage | undefined;

  constructor(private readonly deps: SummaryWriterDeps) {}

  async write(request: { messages: WireMessage[]; omitted: number }): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.show({ type: 'summaryProposal', state: 'writing', text: '' });
    if (request.omitted > 0) {
      this.deps.log.info(`Chat: the summary request leaves out ${request.omitted} earlier message(s) to fit the context window.`);
    }
    try {
      const text = (await this.deps.request(request.messages, controller.signal)).trim();
      if (this.controller !== controller) return;
      if (!text) throw new Error(l10n.t('The model wrote an empty summary.'));
      this.show({ type: 'summaryProposal', state: 'ready', text });
    } catch (error) {
      if (this.controller !== controller || controller.signal.aborted || isAbortError(error)) return;
      const { message } = toErrorInfo(error);
      this.deps.log.warn(`Chat: the summary could not be written: ${message}`);
      this.show({ type: 'summaryProposal', state: 'failed', text: '', error: message });
    }
  }

  /** The summary being written or shown, for a page that reloaded meanwhile. */
  get current(): SummaryProposalMessage | undefined {
    return this.shown ? { ...this.shown } : undefined;
  }

  /** Stops a summary being written and takes the proposal away. */
  close(): void {
    this.controller?.abort();
    this.controller = undefined;
    if (this.shown) {
      this.shown = undefined;
      this.deps.post({ type: 'summaryProposal', state: 'closed', text: '' });
    }
  }

  private show(message: SummaryProposalMessage): void {
    this.shown = message;
    this.deps.post({ ...message });
  }
}
