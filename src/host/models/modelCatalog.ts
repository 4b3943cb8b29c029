import * as vscode from 'vscode';
import { ApiError } from '../../api';
import type { ClientProvider } from '../client/clientProvider';
import type { Log } from '../logging/log';
import { Disposable } from '../util/disposable';
import type { ListedModel } from './modelNodes';

/**
 * The models the service lists, fetched through the client on first use and kept until a refresh
 * or until the key or base URL change. One in-flight request is shared by all who ask meanwhile.
 */
export class ModelCatalog extends Disposable {
  private models: ListedModel[] | undefined;
  private pending: Promise<ListedModel[]> | undefined;
  private generation = 0;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The cached list was dropped: whoever shows it should ask again. */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(private readonly clients: ClientProvider, private readonly log: Log) {
    super();
    this.register(clients.onDidChange(() => this.invalidate()));
  }

  /** The cached list, if one was loaded. */
  get cached(): readonly ListedModel[] | undefined {
    return this.models;
  }

  /** The list, from the cache or from GET /models. Rejects with the client's error. */
  async list(): Promise<ListedModel[]> {
    if (this.models) {
      return this.models;
    }
    if (!this.pending) {
      const generation = this.generation;
      const request = this.fetch().then(
        (models) => {
          if (generation === this.generation) {
            this.models = models;
          }
          return models;
        },
      ).finally(() => {
        if (this.pending === request) {
          this.pending = undefined;
        }
      });
      this.pending = request;
    }
    return this.pending;
  }

  /** Forgets the list; the next list() fetches it again. */
  invalidate(): void {
    this.generation++;
    this.models = undefined;
    this.pending = undefined;
    this.changed.fire();
  }

  private async fetch(): Promise<ListedModel[]> {
    const client = await this.clients.getClient();
    try {
      const models = await client.listModels();
      this.log.info(`Listed ${models.length} model(s).`);
      return models.map((model) => ({ id: model.id, raw: model.raw }));
    } catch (error) {
      if (error instanceof ApiError) {
        this.log.warn(`Listing models failed: ${error.message}`);
      }
      throw error;
    }
  }
}
