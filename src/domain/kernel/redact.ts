/**
 * Secrets out of words: the one redactor of the project. A check's header
 * values, a channel's address, token and password, the map's token: wherever
 * one could reach a file, a log, a message or the console, it is replaced.
 * A value under four characters is a word, not a secret (hiding it would
 * hide letters of every word said), unless the caller lowers that for one it
 * knows is one (a user name of three). Longest first, so a piece of a secret
 * never leaves the rest of a longer one behind.
 */

/** `text` with every one of `secrets` replaced by `mask`. */
export function redact(text: string, secrets: Iterable<string>, mask = "[hidden]", minLength = 4): string {
  const hidden = [...new Set(secrets)].filter((secret) => secret.length >= minLength).sort((a, b) => b.length - a.length);
  return hidden.reduce((said, secret) => said.split(secret).join(mask), text);
}
