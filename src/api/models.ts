import { ApiError, apiErrorFromObject, CLIENT_ERROR_TYPES, extractErrorObject } from './errors';
import { isRecord } from './json';
import type { ModelInfo } from './types';

function idOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry.trim() || undefined;
  if (!isRecord(entry)) return undefined;
  for (const field of ['id', 'name', 'model'] as const) {
    const value = entry[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function entriesOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  if (Array.isArray(body.data)) return body.data;
  if (Array.isArray(body.models)) return body.models;
  // `{object:'list'}` with nothing listed is an empty list, not a strange reply.
  if (body.object === 'list' && body.data === undefined) return [];
  return undefined;
}

/**
 * The models of a `/models` reply, whose shape the spec leaves open: `{object:'list', data:[…]}`,
 * a bare array, or `{models:[…]}`; each entry a record with its id in `id` (else `name`, else
 * `model`) or a plain string. Entries without any id are skipped, repeated ids kept once.
 */
export function parseModelList(body: unknown, httpStatus: number): ModelInfo[] {
  const found = extractErrorObject(body);
  if (found) throw apiErrorFromObject(found, httpStatus);
  const entries = entriesOf(body);
  if (!entries) {
    throw new ApiError('The reply to /models is not a list of models. Check that the base URL ends in /v1.', {
      status: httpStatus,
      type: CLIENT_ERROR_TYPES.invalidResponse,
    });
  }
  const seen = new Set<string>();
  const models: ModelInfo[] = [];
  for (const entry of entries) {
    const id = idOf(entry);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    models.push({ id, raw: entry });
  }
  return models;
}
