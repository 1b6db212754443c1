/**
 * A text from outside (a server's answer, a watched job's file) as it may be
 * quoted in the words pages, files and messages carry: one line, well formed,
 * without control, bidirectional or invisible characters, cut with an
 * ellipsis. Light, so the build's words can use it without the job's JSONPath.
 */

/** A server's text in a detail: at most this many characters. */
const QUOTE_MAX = 60;

/**
 * What is taken out of a server's text: control characters (a terminal's
 * escapes, a NUL, line breaks), the bidirectional controls that reorder what a
 * reader sees (an answer could make "offline" read "enilffo", or turn a file
 * name around), and the invisible ones (zero-width spaces and joiners, the
 * byte-order mark) that hide or split words.
 */
// eslint-disable-next-line no-control-regex
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]+/g;

/** Half of a UTF-16 pair without its other half. */
const LONE_HALF = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text, one line, well formed, no control, bidirectional or invisible characters, at most `max` characters (an ellipsis says when cut). */
export function plainText(text: string, max = QUOTE_MAX): string {
  // A lone half of a pair (a server's "\ud800") becomes U+FFFD, as a browser shows it.
  const flat = text.replace(LONE_HALF, "\ufffd").replace(UNSEEN, " ").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  // Never half a character: a cut between the two halves of a pair would leave a lone surrogate.
  const end = /[\ud800-\udbff]/.test(flat[max - 2] ?? "") ? max - 2 : max - 1;
  return `${flat.slice(0, end)}…`;
}
