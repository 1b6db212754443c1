import { classifyMapError, type MapFailure, mapFailureMessage, scrubToken } from "../../../src/model/map/mapErrors";

const TOKEN = "pk.eyJ1IjoiZXhhbXBsZSIsImEiOiJjbGV4YW1wbGUifQ.abcDEF123";

describe("scrubToken", () => {
  it("hides the access_token query value and keeps the rest of the URL", () => {
    const text = `GET https://api.mapbox.com/styles/v1/mapbox/dark-v11?access_token=${TOKEN}&fresh=true 401`;
    const out = scrubToken(text, TOKEN);
    expect(out).not.toContain(TOKEN);
    expect(out).toContain("access_token=[hidden]");
    expect(out).toContain("&fresh=true 401");
    expect(out).toContain("https://api.mapbox.com/styles/v1/mapbox/dark-v11?");
  });

  it("hides an access_token value even when it is not the token given", () => {
    const out = scrubToken("url?access_token=pk.other.value&x=1", TOKEN);
    expect(out).toBe("url?access_token=[hidden]&x=1");
  });

  it("hides the token itself wherever it appears, every time", () => {
    const out = scrubToken(`Invalid token ${TOKEN}; again: "${TOKEN}"`, TOKEN);
    expect(out).not.toContain(TOKEN);
    expect(out).toBe('Invalid token [hidden]; again: "[hidden]"');
  });

  it("hides every access_token in a text", () => {
    const out = scrubToken(`a?access_token=${TOKEN} b?access_token=${TOKEN}&c`, TOKEN);
    expect(out).toBe("a?access_token=[hidden] b?access_token=[hidden]&c");
  });

  it("stops the hidden value at a quote or parenthesis", () => {
    expect(scrubToken(`fetch("u?access_token=${TOKEN}")`, TOKEN)).toBe('fetch("u?access_token=[hidden]")');
    expect(scrubToken(`(u?access_token=abc)`, "")).toBe("(u?access_token=[hidden])");
  });

  it("still scrubs access_token with an empty token and leaves unrelated text alone", () => {
    expect(scrubToken("nothing to see", "")).toBe("nothing to see");
    expect(scrubToken("u?access_token=secret", "")).toBe("u?access_token=[hidden]");
  });

  it("leaves a text without the token unchanged", () => {
    expect(scrubToken("Failed to fetch", TOKEN)).toBe("Failed to fetch");
  });
});

describe("classifyMapError", () => {
  it.each<[string, unknown, MapFailure]>([
    ["a ChunkLoadError", Object.assign(new Error("x"), { name: "ChunkLoadError" }), "library"],
    ["'Loading chunk 12 failed'", new Error("Loading chunk 12 failed."), "library"],
    ["'Loading CSS chunk'", new Error("Loading CSS chunk 3 failed"), "library"],
    ["status 401", { status: 401, message: "Request failed" }, "token"],
    ["status 403", { status: 403 }, "token"],
    ["'invalid access token'", new Error("An invalid access token was provided"), "token"],
    ["'Unauthorized'", new Error("Unauthorized"), "token"],
    ["'Forbidden'", new Error("Forbidden"), "token"],
    ["'Failed to initialize WebGL'", new Error("Failed to initialize WebGL"), "webgl"],
    ["a plain string about webgl", "WebGL context lost", "webgl"],
    ["an unrelated error", new Error("boom"), "other"],
    ["status 500", { status: 500, message: "Server error" }, "other"],
    ["null", null, "other"],
    ["undefined", undefined, "other"],
    ["a number", 42, "other"],
  ])("%s -> %s", (_label, error, kind) => {
    expect(classifyMapError(error)).toBe(kind);
  });
});

describe("mapFailureMessage", () => {
  it("tells what to do for each kind", () => {
    expect(mapFailureMessage("library", "x")).toMatch(/Initialize Map/);
    expect(mapFailureMessage("token", "x")).toMatch(/token/);
    expect(mapFailureMessage("token", "x")).toContain("pk.");
    expect(mapFailureMessage("webgl", "x")).toMatch(/WebGL/);
  });
  it("includes the detail only for other failures", () => {
    expect(mapFailureMessage("other", "style failed")).toBe("The map could not start: style failed");
    expect(mapFailureMessage("token", "secret-detail")).not.toContain("secret-detail");
  });
});
