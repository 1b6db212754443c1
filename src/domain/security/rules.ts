/**
 * What an HTTPS check's answer shows the world, judged by published rules
 * (#34): Mozilla's Server Side TLS guidelines (the "intermediate"
 * configuration: TLS 1.2 or 1.3 and its cipher suites) and Mozilla's HTTP
 * Observatory tests (the security headers, and HSTS for at least six months).
 * Each rule passes or fails with what was seen, in words; a failed one is a
 * finding (findings.ts) with its severity, why it matters and how to fix it.
 *
 * A certificate whose chain or name fails is never answered through (the probe
 * verifies every connection, monitor/probe/tls.ts): it is a finding of its
 * own, from the failed check's words.
 */
import { DAY_MS } from "../kernel/time";

/** What plain HTTP answered at the host of an https check (its address asked), or why it did not. */
export type PlainHttpSeen = { url: string } & ({ status: number; location: string | null } | { failure: string });

/** What the job saw of an HTTPS answer (monitor/probe/http.ts), or of a handshake whose certificate failed. */
export type SecuritySeen = {
  /** the certificate verified (chain and name), or the problem the handshake reported (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID …) */
  trust: "verified" | { problem: string };
  /** the TLS version agreed, as OpenSSL names it (TLSv1.2, TLSv1.3); null when none was */
  protocol: string | null;
  /** the cipher suite agreed, OpenSSL's name */
  cipher: string | null;
  /** the server's certificate: who issued it, whom it names, until when */
  certificate: { issuer: string; subject: string; validTo: string } | null;
  /** the answer's security headers as sent (lower-case names); a header not sent is absent */
  headers: Partial<Record<SecurityHeader, string>>;
  /** the days before expiry a certificate is a finding (the check's warnDays) */
  warnDays: number;
  /** the host the check names (a redirect from plain HTTP must keep it) */
  host: string;
  /** with the check's httpRedirect: what plain HTTP answered at the host */
  plainHttp?: PlainHttpSeen;
};

export const SECURITY_HEADERS = [
  "strict-transport-security",
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
] as const;
type SecurityHeader = (typeof SECURITY_HEADERS)[number];

export type Severity = "high" | "medium" | "low";

const TLS_GUIDE = "https://wiki.mozilla.org/Security/Server_Side_TLS";
const OBSERVATORY = "https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring";

type Rule = {
  id: RuleId;
  title: string;
  severity: Severity;
  why: string;
  fix: string;
  reference: string;
};

export const RULE_IDS = [
  "certificate-trusted",
  "certificate-expiry",
  "tls-version",
  "tls-cipher",
  "hsts",
  "content-security-policy",
  "content-type-options",
  "framing",
  "referrer-policy",
  "https-redirect",
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** The rules, in the order a reader meets them. */
export const RULES: Record<RuleId, Rule> = {
  "certificate-trusted": {
    id: "certificate-trusted",
    title: "Certificate trusted",
    severity: "high",
    why: "Browsers refuse a certificate whose chain does not lead to a trusted authority or that does not name the site: readers see a warning, or nothing.",
    fix: "Serve a certificate for this host name from a public authority, with its intermediate certificates in the chain.",
    reference: TLS_GUIDE,
  },
  "certificate-expiry": {
    id: "certificate-expiry",
    title: "Certificate not close to expiry",
    severity: "medium",
    why: "An expired certificate stops every browser and client at once; renewal takes time to reach every server.",
    fix: "Renew the certificate, best automatically (ACME), well before it expires.",
    reference: TLS_GUIDE,
  },
  "tls-version": {
    id: "tls-version",
    title: "TLS 1.2 or 1.3 agreed",
    severity: "high",
    why: "TLS 1.0 and 1.1 are deprecated (RFC 8996) and have known weaknesses; browsers no longer offer them. (The job offers TLS 1.2 and 1.3, as browsers do: this rule reads the version the handshake agreed, and a server that speaks only older versions fails the check itself.)",
    fix: "Offer TLS 1.2 and 1.3 only, as Mozilla's intermediate configuration does.",
    reference: TLS_GUIDE,
  },
  "tls-cipher": {
    id: "tls-cipher",
    title: "A recommended cipher suite",
    severity: "medium",
    why: "Suites outside Mozilla's intermediate list lack forward secrecy or use weak ciphers (CBC, RC4, 3DES).",
    fix: "Offer only the cipher suites of Mozilla's intermediate configuration (ECDHE with AES-GCM or ChaCha20-Poly1305).",
    reference: TLS_GUIDE,
  },
  hsts: {
    id: "hsts",
    title: "Strict-Transport-Security for six months",
    severity: "medium",
    why: "Without HSTS a reader's first plain-HTTP request can be intercepted and kept on HTTP; the Observatory asks for a max-age of at least six months.",
    fix: "Send Strict-Transport-Security: max-age=63072000 (two years) on every HTTPS answer.",
    reference: OBSERVATORY,
  },
  "content-security-policy": {
    id: "content-security-policy",
    title: "Content-Security-Policy",
    severity: "medium",
    why: "A Content Security Policy limits what a page may load and run: the main defence against cross-site scripting.",
    fix: "Send a Content-Security-Policy that names where scripts, styles and frames may come from (start with default-src 'self').",
    reference: OBSERVATORY,
  },
  "content-type-options": {
    id: "content-type-options",
    title: "X-Content-Type-Options: nosniff",
    severity: "low",
    why: "Without it, browsers may guess a file's type and run an upload as a script.",
    fix: "Send X-Content-Type-Options: nosniff on every answer.",
    reference: OBSERVATORY,
  },
  framing: {
    id: "framing",
    title: "Framing limited",
    severity: "medium",
    why: "A page other sites may frame can be overlaid to trick readers into clicks (clickjacking).",
    fix: "Send Content-Security-Policy: frame-ancestors 'none' (or 'self'), or X-Frame-Options: DENY (or SAMEORIGIN).",
    reference: OBSERVATORY,
  },
  "referrer-policy": {
    id: "referrer-policy",
    title: "Referrer-Policy",
    severity: "low",
    why: "Without a policy, full addresses (with their paths and queries) may leak to other sites in the Referer header.",
    fix: "Send Referrer-Policy: strict-origin-when-cross-origin (or no-referrer, same-origin, strict-origin).",
    reference: OBSERVATORY,
  },
  "https-redirect": {
    id: "https-redirect",
    title: "Plain HTTP redirects to HTTPS",
    severity: "medium",
    why: "A reader who types the address without https:// lands on plain HTTP: unless it redirects at once to HTTPS on the same host, the visit can be read and changed on the way.",
    fix: "Answer every plain-HTTP request with a 301 (or 308) to the same host over https://, then send HSTS there.",
    reference: OBSERVATORY,
  },
};

/** Mozilla's intermediate configuration (version 5.7): the TLS 1.3 suites, and TLS 1.2's, by OpenSSL's names. */
const RECOMMENDED_CIPHERS = new Set([
  "TLS_AES_128_GCM_SHA256",
  "TLS_AES_256_GCM_SHA384",
  "TLS_CHACHA20_POLY1305_SHA256",
  "ECDHE-ECDSA-AES128-GCM-SHA256",
  "ECDHE-RSA-AES128-GCM-SHA256",
  "ECDHE-ECDSA-AES256-GCM-SHA384",
  "ECDHE-RSA-AES256-GCM-SHA384",
  "ECDHE-ECDSA-CHACHA20-POLY1305",
  "ECDHE-RSA-CHACHA20-POLY1305",
  "DHE-RSA-AES128-GCM-SHA256",
  "DHE-RSA-AES256-GCM-SHA384",
  "DHE-RSA-CHACHA20-POLY1305",
]);

/** Six months, in seconds: the Observatory's least max-age for HSTS. */
const HSTS_MIN_SECONDS = 15_768_000;
const SAFE_REFERRER = new Set(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]);

/** A rule's outcome on one server: passed, or failed with what was seen (and the severity it has there). */
export type RuleOutcome = { rule: RuleId; passed: boolean; seen: string; severity: Severity };

/** A header's directives: "max-age=300; includeSubDomains" -> max-age: "300", includesubdomains: "". */
function directives(value: string, separator: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of value.split(separator)) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const [name, ...rest] = trimmed.split(separator === ";" ? /[=\s]/ : /\s/);
    if (!map.has(name.toLowerCase())) map.set(name.toLowerCase(), rest.join(" ").replace(/^"|"$/g, "").trim());
  }
  return map;
}

/** Text from a server, made short and plain for a finding's words. */
const quoted = (value: string) => `"${value.replace(/\s+/g, " ").trim().slice(0, 120)}${value.length > 120 ? "…" : ""}"`;

function outcome(rule: RuleId, passed: boolean, seen: string, severity: Severity = RULES[rule].severity): RuleOutcome {
  return { rule, passed, seen, severity };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Plain HTTP's answer judged: nothing listening passes (nothing is served in clear), a redirect must go to HTTPS on the same host. */
function redirectOutcome(plain: PlainHttpSeen, host: string): RuleOutcome {
  if ("failure" in plain) return outcome("https-redirect", true, `nothing answers plain HTTP at ${plain.url} (${plain.failure})`);
  if (!REDIRECTS.has(plain.status) || plain.location === null) {
    return outcome("https-redirect", false, `${plain.url} answers ${plain.status} without redirecting`);
  }
  let to: URL | null = null;
  try {
    to = new URL(plain.location, plain.url);
  } catch {
    to = null;
  }
  if (to === null || to.protocol !== "https:")
    return outcome("https-redirect", false, `${plain.url} redirects to ${quoted(plain.location)}, not to HTTPS`);
  if (to.hostname !== host) return outcome("https-redirect", false, `${plain.url} redirects to another host first (${quoted(to.host)})`);
  return outcome("https-redirect", true, `${plain.url} redirects to ${quoted(to.origin)} (${plain.status})`);
}

/** Every rule's outcome on what the job saw of one server at `now`: a failed handshake judges only the certificate's trust. */
export function judgeSecurity(seen: SecuritySeen, now: Date): RuleOutcome[] {
  if (seen.trust !== "verified")
    return [outcome("certificate-trusted", false, `the handshake refused the certificate: ${seen.trust.problem}`)];
  const results: RuleOutcome[] = [
    outcome(
      "certificate-trusted",
      true,
      seen.certificate ? `issued by ${seen.certificate.issuer} to ${seen.certificate.subject}` : "verified",
    ),
  ];
  if (seen.certificate) {
    const msLeft = Date.parse(seen.certificate.validTo) - now.getTime();
    const days = Math.ceil(msLeft / DAY_MS);
    const until = seen.certificate.validTo.slice(0, 10);
    results.push(
      msLeft > seen.warnDays * DAY_MS
        ? outcome("certificate-expiry", true, `valid until ${until}, in ${days} days`)
        : outcome(
            "certificate-expiry",
            false,
            msLeft <= 0
              ? `expired on ${until}`
              : `expires on ${until}, in ${days} ${days === 1 ? "day" : "days"} (the check warns ${seen.warnDays} days ahead)`,
            days <= 7 ? "high" : "medium",
          ),
    );
  }
  if (seen.protocol !== null) {
    results.push(outcome("tls-version", seen.protocol === "TLSv1.2" || seen.protocol === "TLSv1.3", `${seen.protocol} agreed`));
  }
  if (seen.cipher !== null) {
    results.push(outcome("tls-cipher", RECOMMENDED_CIPHERS.has(seen.cipher), `${seen.cipher} agreed`));
  }
  const h = seen.headers;
  const hsts = h["strict-transport-security"];
  if (hsts === undefined) results.push(outcome("hsts", false, "no Strict-Transport-Security header"));
  else {
    const maxAge = Number(directives(hsts, ";").get("max-age"));
    results.push(
      Number.isFinite(maxAge) && maxAge >= HSTS_MIN_SECONDS
        ? outcome("hsts", true, `max-age of ${Math.floor(maxAge / 86400)} days`)
        : outcome(
            "hsts",
            false,
            Number.isFinite(maxAge) ? `max-age of ${maxAge} seconds, under six months` : `no valid max-age in ${quoted(hsts)}`,
          ),
    );
  }
  const csp = h["content-security-policy"];
  results.push(
    outcome(
      "content-security-policy",
      csp !== undefined && csp.trim() !== "",
      csp ? "a policy is sent" : "no Content-Security-Policy header",
    ),
  );
  const nosniff = h["x-content-type-options"];
  results.push(
    outcome(
      "content-type-options",
      nosniff?.trim().toLowerCase() === "nosniff",
      nosniff === undefined ? "no X-Content-Type-Options header" : `X-Content-Type-Options: ${quoted(nosniff)}`,
    ),
  );
  const ancestors = csp === undefined ? undefined : directives(csp, ";").get("frame-ancestors");
  const xfo = h["x-frame-options"]?.trim().toUpperCase();
  // A browser that knows frame-ancestors obeys it over X-Frame-Options: when it is there, it alone is judged.
  results.push(
    ancestors !== undefined && ancestors !== ""
      ? ancestors.split(/\s+/).includes("*")
        ? outcome("framing", false, `frame-ancestors ${quoted(ancestors)} lets any site frame the page`)
        : outcome("framing", true, `frame-ancestors ${ancestors}`)
      : xfo === "DENY" || xfo === "SAMEORIGIN"
        ? outcome("framing", true, `X-Frame-Options: ${xfo}`)
        : outcome(
            "framing",
            false,
            xfo ? `X-Frame-Options: ${quoted(xfo)}, not DENY or SAMEORIGIN` : "neither frame-ancestors nor X-Frame-Options",
          ),
  );
  if (seen.plainHttp) results.push(redirectOutcome(seen.plainHttp, seen.host));
  const referrer = h["referrer-policy"];
  // A list names fallbacks; browsers use the last they know.
  const policy = referrer
    ?.split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
    .at(-1);
  results.push(
    outcome(
      "referrer-policy",
      policy !== undefined && SAFE_REFERRER.has(policy),
      referrer === undefined ? "no Referrer-Policy header" : `Referrer-Policy: ${quoted(referrer)}`,
    ),
  );
  return results;
}
