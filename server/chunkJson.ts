/**
 * A stream's chunk as JSON with each token put in: at full speed a reply is tens of thousands of chunks
 * that differ only in their token, and stringifying each whole chunk object was most of the reference
 * server's CPU per token. On a 2-core machine that CPU is taken from the editor the bench measures,
 * where a remote service would take none.
 */

/** Stands for the token while the template is made: its JSON is found and cut out. */
const MARK = '\u0000';
const MARK_JSON = JSON.stringify(MARK);

/**
 * `(token) => JSON.stringify(make(token))`, byte for byte, with `make` called once. `make` puts its
 * argument in its result exactly once, as a string value after every other value that could hold the
 * mark (a model id could: the last occurrence is the token's).
 */
export function chunkJson(make: (token: string) => unknown): (token: string) => string {
  const json = JSON.stringify(make(MARK));
  const at = json.lastIndexOf(MARK_JSON);
  if (at < 0) throw new Error('chunkJson: the chunk does not hold its token');
  const head = json.slice(0, at);
  const tail = json.slice(at + MARK_JSON.length);
  return (token) => head + JSON.stringify(token) + tail;
}
