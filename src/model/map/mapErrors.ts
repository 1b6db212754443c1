/**
 * What to tell the reader, and what to log, when the globe cannot start. The
 * token must never reach the console: map errors often carry request URLs with
 * ?access_token=… in them, so every logged text is scrubbed first.
 */
import { redact } from "../../domain/kernel/redact";

export type MapFailure = "library" | "token" | "webgl" | "other";

export function scrubToken(text: string, token: string): string {
  // A token in a URL is hidden whatever it is; the one given, wherever it stands.
  return redact(text.replace(/access_token=[^&\s"')]+/g, "access_token=[hidden]"), [token]);
}

export function classifyMapError(error: unknown): MapFailure {
  const e = error as { status?: number; message?: string; name?: string } | null;
  const message = (e?.message ?? String(error)).toLowerCase();
  if (e?.name === "ChunkLoadError" || message.includes("loading chunk") || message.includes("loading css chunk")) return "library";
  if (
    e?.status === 401 ||
    e?.status === 403 ||
    message.includes("access token") ||
    message.includes("unauthorized") ||
    message.includes("forbidden")
  ) {
    return "token";
  }
  if (message.includes("webgl")) return "webgl";
  return "other";
}

export function mapFailureMessage(kind: MapFailure, detail: string): string {
  switch (kind) {
    case "library":
      return "The map library could not be loaded. Check your connection and press Initialize Map again.";
    case "token":
      return "Mapbox refused the token. Check that it is a valid public token (it starts with pk.) and try again.";
    case "webgl":
      return "This browser cannot draw the globe (WebGL is not available). The flat map shows the servers.";
    default:
      return `The map could not start: ${detail}`;
  }
}
