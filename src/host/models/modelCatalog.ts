import * as vscode from 'vscode';
import { ApiError } from '../../api';
import type { ClientProvider } from '../client/clientProvider';
import type { Log } from '../logging/log';
import { Disposable } from '../util/disposable';
import type { ListedModel } from './modelNodes';

interface ProfileList {
  models?: ListedModel[];
  pending?: Promise<ListedModel[]>;
}

/**
 * The models each endpoint profile lists, fetched through its client on first use and kept until a
 * refresh or until a key or an endpoint changes. One in-flight request per profile is shared by all
 * who ask meanwhile. `profile` absent means the active profile.
 */
export class ModelCatalog extends Disposable {
  private lists = new Map<string, ProfileList>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The cached lists were dropped: whoever shows them should ask again. */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(private readonly clients: ClientProvider, private readonly log: Log) {
    super();
    this.register(clients.onDidChange(() => this.invalidate()));
  }

  /** The active profile's cached list, if one was loaded. */
  get cached(): readonly ListedModel[] | undefined {
    return this.cachedFor(this.clients.activeProfile());
  }

  cachedFor(profile: string): readonly ListedModel[] | undefined {
    return this.lists.get(profile)?.models;
  }

  /** The list, from the cache or from GET /models. Rejects with the client's error. */
  async list(profile: string = this.clients.activeProfile()): Promise<ListedModel[]> {
    const lists = this.lists;
    let entry = lists.get(profile);
    if (!entry) {
      entry = {};
      lists.set(profile, entry);
    }
    if (entry.models) {
      return entry.models;
    }
    if (!entry.pending) {
      const target = entry;
      const request = this.fetch(profile).then((models) => {
        // Dropped meanwhile (invalidate replaced the map): the answer is not kept.
        if (this.lists === lists) {
          target.models = models;
        }
        return models;
      }).finally(() => {
        if (target.pending === request) {
          target.pending = undefined;
        }
      });
      target.pending = request;
    }
    return entry.pending!;
  }

  /** Forgets every list (or only the named profile's); the next list() fetches again. */
  invalidate(profile?: string): void {
    if (profile === undefined) {
      this.lists = new Map();
    } else {
      this.lists.delete(profile);
    }
    this.changed.fire();
  }

  private async fetch(profile: string): Promise<ListedModel[]> {
    const client = await this.clients.getClient(profile);
    try {
      const models = await client.listModels();
      this.log.info(`Listed ${models.length} model(s) (profile ${profile}).`);
      return models.map((model) => ({ id: model.id, raw: model.raw }));
    } catch (error) {
      if (error instanceof ApiError) {
        this.log.warn(`Listing models failed (profile ${profile}): ${error.message}`);
      }
      throw error;
    }
  }
}
