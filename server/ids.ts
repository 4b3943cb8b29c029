import { randomBytes } from 'node:crypto';

/** OpenAI-style identifiers: chatcmpl-…, resp_…, msg_…, rs_…, req_…. */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}
