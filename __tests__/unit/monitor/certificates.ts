/**
 * Certificates made for the tests with /usr/bin/openssl, in a temporary folder:
 * an authority of the test's own, and certificates it signed for 127.0.0.1
 * that expire in 5 days, in 60 days, that expired in 2024 (`openssl ca` with
 * -startdate/-enddate: OpenSSL 3.0's x509 cannot date a certificate in the
 * past), and one for another name. Elliptic-curve keys: made in a fraction of
 * a second. Nothing here is trusted outside the tests that pass the authority.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type TestPki = {
  /** the authority's certificate, PEM */
  ca: string;
  /** its file, for NODE_EXTRA_CA_CERTS */
  caFile: string;
  leaf: Record<"soon" | "fine" | "expired" | "wrongName", { key: string; cert: string }>;
  remove: () => void;
};

const CA_CONFIG = `[ ca ]
default_ca = test_ca
[ test_ca ]
dir = .
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
copy_extensions = copy
unique_subject = no
[ any ]
commonName = supplied
`;

export function makeTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "check-pki-"));
  const openssl = (...args: string[]) => execFileSync("/usr/bin/openssl", args, { cwd: dir, stdio: "pipe" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  fs.writeFileSync(path.join(dir, "ca.cnf"), CA_CONFIG);
  fs.writeFileSync(path.join(dir, "index.txt"), "");
  fs.writeFileSync(path.join(dir, "serial"), "01\n");
  openssl("req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "90", "-subj", "/CN=Check test CA");
  const request = (name: string, san: string) =>
    openssl(
      "req",
      "-new",
      ...ec,
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.csr`,
      "-subj",
      `/CN=${name}`,
      "-addext",
      `subjectAltName=${san}`,
    );
  const sign = (name: string, days: number) =>
    openssl(
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-days",
      String(days),
      "-copy_extensions",
      "copy",
      "-out",
      `${name}.crt`,
    );
  request("soon", "IP:127.0.0.1");
  sign("soon", 5);
  request("fine", "IP:127.0.0.1");
  sign("fine", 60);
  request("wrongName", "DNS:other.example");
  sign("wrongName", 60);
  request("expired", "IP:127.0.0.1");
  openssl(
    "ca",
    "-batch",
    "-config",
    "ca.cnf",
    "-cert",
    "ca.crt",
    "-keyfile",
    "ca.key",
    "-in",
    "expired.csr",
    "-out",
    "expired.crt",
    "-startdate",
    "20240101000000Z",
    "-enddate",
    "20240201000000Z",
    "-notext",
  );
  const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");
  const pair = (name: string) => ({ key: read(`${name}.key`), cert: read(`${name}.crt`) });
  return {
    ca: read("ca.crt"),
    caFile: path.join(dir, "ca.crt"),
    leaf: { soon: pair("soon"), fine: pair("fine"), expired: pair("expired"), wrongName: pair("wrongName") },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
