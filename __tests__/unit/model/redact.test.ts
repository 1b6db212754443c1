import { redact } from "../../../src/domain/kernel/redact";

describe("the one redactor (#31)", () => {
  it("hides every secret, the longest first, so no piece of a longer one is left behind", () => {
    expect(redact("https://u:p4ss-word@host/hook?token=abcd1234", ["abcd1234", "token=abcd1234", "p4ss-word"])).toBe(
      "https://u:[hidden]@host/hook?[hidden]",
    );
  });

  it("keeps words under the shortest length a secret has (4 unless told), and takes its own mask", () => {
    expect(redact("ops is down", ["ops", ""])).toBe("ops is down");
    expect(redact("bob could not log in", ["bob"], "[hidden]", 3)).toBe("[hidden] could not log in");
    expect(redact("Denied: Bearer s3cr3t-val", ["Bearer s3cr3t-val"], "[a header's value]")).toBe("Denied: [a header's value]");
  });
});
