/** A probe's failures, in the probe's terms: what the network, TLS or the HTTP parser did, named as a check's outcome. */
import type { ProbeOutcome } from "../../src/domain/checks/outcome";

export type Failure = Extract<ProbeOutcome, { kind: "failed" }>;
export class ProbeFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.reason);
  }
}

/** A network error, in the probe's terms. */
export function failureOf(error: unknown): Failure {
  if (error instanceof ProbeFailure) return error.failure;
  const e = error as { code?: string; name?: string; message?: string } | null;
  const code = e?.code ?? "";
  if (e?.name === "AbortError" || code === "ABORT_ERR" || code === "ETIMEDOUT") return { kind: "failed", reason: "timeout" };
  if (code === "ECONNREFUSED") return { kind: "failed", reason: "refused" };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "ENODATA") return { kind: "failed", reason: "dns" };
  // The certificate failed verification (OpenSSL's codes, and Node's for a name it does not cover): a finding, not a fault of the network.
  if (
    /^(CERT_|DEPTH_ZERO_SELF_SIGNED|SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY_LEAF|DECRYPT_CERT)|INVALID_CA|ERR_TLS_CERT_ALTNAME)/.test(code)
  ) {
    return { kind: "failed", reason: "certificate", message: code };
  }
  if (/CERT|SSL|TLS|EPROTO/.test(code)) return { kind: "failed", reason: "tls", message: code };
  // Node's HTTP parser refused the answer: said as what the server did, not as the parser's name for it.
  if (code === "HPE_HEADER_OVERFLOW") return { kind: "failed", reason: "network", message: "the answer's headers are over 16 KB" };
  if (code.startsWith("HPE_")) return { kind: "failed", reason: "network", message: `the answer is not valid HTTP (${code})` };
  return { kind: "failed", reason: "network", message: code || e?.message || String(error) };
}

/** A time in ms to a tenth. */
export const round = (ms: number) => Math.round(ms * 10) / 10;
