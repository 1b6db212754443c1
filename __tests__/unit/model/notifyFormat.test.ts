import type { NotifyMessage } from "../../../src/domain/notify/notifications";
import { makeNotice } from "../fixtures";
import { emailParts } from "../../../src/domain/notify/formats/email";
import { ntfyBody, ntfyTarget } from "../../../src/domain/notify/formats/ntfy";
import { teamsBody } from "../../../src/domain/notify/formats/teams";
import { discordBody } from "../../../src/domain/notify/formats/discord";
import { slackBody } from "../../../src/domain/notify/formats/slack";
import { webhookBody } from "../../../src/domain/notify/formats/webhook";
import { describe as describeMessage, plainText } from "../../../src/domain/notify/wording";
import { formatLongDuration } from "../../../src/domain/kernel/time";

const notice = makeNotice;

const down: NotifyMessage = { kind: "notice", notice: notice() };
const recovered = (durationMs: number | null): NotifyMessage => ({
  kind: "notice",
  notice: notice({
    event: "recovered",
    from: "offline",
    to: "online",
    detail: "HTTP 200 in 45 ms",
    durationMs,
    since: "2025-03-01T14:05:05.000Z",
  }),
});

/** Every text a person would read in a body, whatever its shape. */
const everything = (body: unknown) => JSON.stringify(body);

describe("formatLongDuration", () => {
  it("says hours and minutes as a person reads them", () => {
    expect(formatLongDuration(2 * 3600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(formatLongDuration(3600_000)).toBe("1 h");
    expect(formatLongDuration(45_000)).toBe("45 s");
    expect(formatLongDuration(12 * 60_000 + 30_000)).toBe("12 min");
    expect(formatLongDuration(26 * 3600_000)).toBe("1 d 2 h");
  });
});

describe("what a notice says", () => {
  it("names the server, the new state and the old, since when, the detail and the link", () => {
    const text = plainText(describeMessage(down));
    expect(text).toContain("Web 1 (srv-1) is offline");
    expect(text).toContain("Offline (was Online)");
    expect(text).toContain("2025-03-01 12:00 UTC (2025-03-01T12:00:05.000Z)");
    expect(text).toContain("connection refused");
    expect(text).toContain("https://status.example.org/servers/srv-1");
  });

  it("says how long a recovered server was down, and that it is unknown when it is, never 0", () => {
    expect(plainText(describeMessage(recovered(2 * 3600_000 + 5 * 60_000)))).toContain("Was offline for: 2 h 5 min");
    const unknown = plainText(describeMessage(recovered(null)));
    expect(unknown).toContain("Was offline for: unknown");
    expect(unknown).not.toMatch(/for: 0/);
  });

  it("says a reminder's server is still offline, and for how long", () => {
    const reminder: NotifyMessage = { kind: "notice", notice: notice({ event: "reminder", from: "offline", durationMs: 3 * 3600_000 }) };
    expect(describeMessage(reminder).title).toBe("Web 1 (srv-1) is still offline for 3 h");
  });

  it("leaves the link out when the site's address is not known", () => {
    const text = plainText(describeMessage({ kind: "notice", notice: notice({ url: null }) }));
    expect(text).not.toContain("http");
    expect(text).not.toContain("null");
  });
});

describe("a digest", () => {
  // 30 servers: 4 back online, 6 in warning, 20 offline, given in a mixed order.
  const notices = Array.from({ length: 30 }, (_, i) => {
    const to = i % 5 === 0 && i < 20 ? "online" : i % 5 === 1 && i < 30 ? "warning" : "offline";
    return notice({
      key: `k${i}`,
      event: to === "online" ? "recovered" : to === "warning" ? "degraded" : "down",
      from: to === "online" ? "offline" : "online",
      to,
      server: { id: `srv-${i}`, name: `Server ${i}`, ip: "10.0.0.1", location: "Oslo" },
    });
  });
  const digest: NotifyMessage = { kind: "digest", notices, siteUrl: "https://status.example.org" };

  it("counts by state, the worst first", () => {
    expect(describeMessage(digest).title).toBe("30 servers changed state: 20 offline, 6 warning, 4 online");
  });

  it("names 20 servers, the worst first, then says how many more", () => {
    const said = describeMessage(digest);
    expect(said.list).toHaveLength(21);
    expect(said.list[20]).toBe("and 10 more");
    expect(said.list.slice(0, 20).every((line) => line.startsWith("Offline"))).toBe(true);
  });

  it("gives the webhook every notice, worst first, and the counts", () => {
    const body = webhookBody(digest) as { event: string; counts: object; notices: Array<{ to: string }> };
    expect(body.event).toBe("digest");
    expect(body.counts).toEqual({ offline: 20, warning: 6, online: 4 });
    expect(body.notices).toHaveLength(30);
    expect(body.notices.map((n) => n.to).slice(19, 27)).toEqual([
      "offline",
      "warning",
      "warning",
      "warning",
      "warning",
      "warning",
      "warning",
      "online",
    ]);
  });
});

describe("each channel's format", () => {
  it("webhook: a versioned body with the server and the change", () => {
    expect(webhookBody(recovered(60_000))).toEqual({
      version: 1,
      event: "recovered",
      server: { id: "srv-1", name: "Web 1", ip: "10.0.0.1", location: "Frankfurt" },
      from: "offline",
      to: "online",
      since: "2025-03-01T14:05:05.000Z",
      at: "2025-03-01T12:00:05.000Z",
      detail: "HTTP 200 in 45 ms",
      durationMs: 60_000,
      url: "https://status.example.org/servers/srv-1",
      key: "srv-1:down:2025-03-01T12:00:05.000Z",
      idempotencyKey: "srv-1:down:2025-03-01T12:00:05.000Z",
    });
  });

  it("webhook: a digest's idempotency key is the same for the same notices in any order, and another for others", () => {
    const digest = (keys: string[]): NotifyMessage => ({
      kind: "digest",
      notices: keys.map((key) => ({ ...makeNotice(), key })),
      siteUrl: null,
    });
    const key = (keys: string[]) => webhookBody(digest(keys)).idempotencyKey;
    expect(key(["a", "b", "c"])).toMatch(/^digest\|3\|[0-9a-f]{16}$/);
    expect(key(["c", "a", "b"])).toBe(key(["a", "b", "c"]));
    expect(key(["a", "b"])).not.toBe(key(["a", "b", "c"]));
    expect(key(["a", "b", "d"])).not.toBe(key(["a", "b", "c"]));
  });

  it("slack: a header, a fallback text and an attachment in the state's colour", () => {
    const body = slackBody(down) as { text: string; blocks: unknown[]; attachments: Array<{ color: string }> };
    expect(body.text).toContain("Web 1 (srv-1) is offline");
    expect(everything(body.blocks)).toContain("Web 1 (srv-1) is offline");
    expect(body.attachments[0].color).toBe("#ef4444");
    expect(everything(body.attachments)).toContain("connection refused");
    expect(everything(body.attachments)).toContain("https://status.example.org/servers/srv-1");
  });

  it("discord: an embed with the colour as an integer, and nobody mentioned", () => {
    const body = discordBody(down) as { allowed_mentions: unknown; embeds: Array<{ title: string; color: number; url: string }> };
    expect(body.embeds[0].color).toBe(0xef4444);
    expect(body.embeds[0].title).toBe("Web 1 (srv-1) is offline");
    expect(body.embeds[0].url).toBe("https://status.example.org/servers/srv-1");
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it("teams: an Adaptive Card message in the state's style, with the colour's hex", () => {
    const body = teamsBody(down) as { type: string; attachments: Array<{ contentType: string; content: { type: string } }> };
    expect(body.type).toBe("message");
    expect(body.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(body.attachments[0].content.type).toBe("AdaptiveCard");
    const card = everything(body.attachments[0].content);
    expect(card).toContain('"style":"attention"');
    expect(card).toContain("#ef4444");
    expect(card).toContain('"type":"Action.OpenUrl"');
  });

  it("ntfy: urgent with a red circle for down, high for degraded, default for recovery; a click to the server", () => {
    expect(ntfyBody(down, "ops")).toMatchObject({
      topic: "ops",
      title: "Web 1 (srv-1) is offline",
      priority: 5,
      tags: ["red_circle"],
      click: "https://status.example.org/servers/srv-1",
    });
    const degraded: NotifyMessage = { kind: "notice", notice: notice({ event: "degraded", to: "warning" }) };
    expect(ntfyBody(degraded, "ops")).toMatchObject({ priority: 4, tags: ["warning"] });
    expect(ntfyBody(recovered(1000), "ops")).toMatchObject({ priority: 3, tags: ["white_check_mark"] });
  });

  it("ntfy: the topic is the URL's last piece, the message goes to the server's root", () => {
    expect(ntfyTarget("https://ntfy.sh/ops-alerts")).toEqual({ endpoint: "https://ntfy.sh/", topic: "ops-alerts" });
    expect(ntfyTarget("http://127.0.0.1:8080/ntfy/pager")).toEqual({ endpoint: "http://127.0.0.1:8080/ntfy", topic: "pager" });
    expect(ntfyTarget("https://ntfy.sh/")).toBeNull();
  });

  it("email: a subject, a text part and an HTML part", () => {
    const parts = emailParts(down);
    expect(parts.subject).toBe("Web 1 (srv-1) is offline");
    expect(parts.text).toContain("Offline (was Online)");
    expect(parts.html).toContain("Offline (was Online)");
    expect(parts.html).toContain('href="https://status.example.org/servers/srv-1"');
  });
});

describe("text is text", () => {
  const tricky: NotifyMessage = {
    kind: "notice",
    notice: notice({ server: { id: "srv-1", name: "<b>x</b> & *bold* @everyone", ip: "10.0.0.1", location: "Oslo" } }),
  };

  it("email: a server's name is escaped in the HTML part", () => {
    const { html, text } = emailParts(tricky);
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt; &amp; *bold*");
    expect(html).not.toContain("<b>x</b>");
    expect(text).toContain("<b>x</b>");
  });

  it("slack: <, > and & are escaped in mrkdwn (plain_text is text already)", () => {
    const body = slackBody(tricky) as {
      text: string;
      attachments: Array<{ blocks: Array<{ fields?: Array<{ type: string; text: string }> }> }>;
    };
    const mrkdwn = [body.text, ...body.attachments[0].blocks.flatMap((block) => (block.fields ?? []).map((field) => field.text))];
    expect(mrkdwn.join("\n")).toContain("&lt;b&gt;x&lt;/b&gt; &amp;");
    expect(mrkdwn.join("\n")).not.toContain("<b>");
  });

  it("discord: markdown marks are escaped", () => {
    expect(everything(discordBody(tricky))).toContain("\\\\*bold\\\\*");
  });
});

describe("a test message", () => {
  const test: NotifyMessage = { kind: "test", channel: "ops-slack", at: "2025-03-01T12:00:00.000Z", siteUrl: null };

  it("is clearly marked as a test in every format", () => {
    const mark = "Test message from the server monitor (channel ops-slack): no server changed state";
    expect(emailParts(test).subject).toBe(mark);
    for (const body of [slackBody(test), discordBody(test), teamsBody(test), ntfyBody(test, "t")]) expect(everything(body)).toContain(mark);
    expect(webhookBody(test)).toMatchObject({ version: 1, event: "test", channel: "ops-slack", text: mark });
  });
});

describe("a certificate notice (issue #23, part B)", () => {
  const soon: NotifyMessage = {
    kind: "notice",
    notice: notice({
      event: "certificate",
      from: "warning",
      to: "warning",
      detail: "HTTP 200 in 45 ms, but the certificate expires in 5 days (2025-03-06)",
      certificate: { expires: "2025-03-06T12:00:00.000Z", daysLeft: 5 },
    }),
  };

  it("says in how many days, and when, the certificate expires", () => {
    const said = describeMessage(soon);
    expect(said.title).toMatch(/: its certificate expires in 5 days \(2025-03-06\)$/);
    expect(said.facts).toContainEqual({ label: "Certificate expires", value: "2025-03-06 12:00 UTC (2025-03-06T12:00:00.000Z)" });
    expect(said.facts.find((f) => f.label === "State")?.value).toBe("Warning");
  });

  it("carries the expiry in the webhook's body", () => {
    expect(webhookBody(soon)).toMatchObject({ event: "certificate", certificate: { expires: "2025-03-06T12:00:00.000Z", daysLeft: 5 } });
  });
});

/** Every text run and text block of a Teams card, as Teams would read them. */
function teamsTexts(body: unknown): { markdown: string[]; plain: string[] } {
  const markdown: string[] = [];
  const plain: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    // TextBlock and FactSet read Markdown; a RichTextBlock's TextRuns are text.
    if (record.type === "TextBlock") markdown.push(String(record.text));
    if (record.type === "FactSet") for (const fact of record.facts as Array<{ value: string }>) markdown.push(fact.value);
    if (record.type === "TextRun") plain.push(String(record.text));
    Object.values(record).forEach(walk);
  };
  walk(body);
  return { markdown, plain };
}

describe("what reaches Teams is text (#30)", () => {
  // Protects "a value quoted from an answer reaches Teams as Markdown (a disguised link)".
  it("a server's words with Markdown in them are sent as TextRuns, never where Teams reads Markdown", () => {
    const hostile: NotifyMessage = {
      kind: "notice",
      notice: notice({
        server: { id: "srv-1", name: "Web **1**", ip: "10.0.0.1", location: "Frankfurt" },
        detail: 'HTTP 200 in 3 ms, but json $.status equals "ok": found "[log in again](https://evil.example/steal)"',
      }),
    };
    const texts = teamsTexts(teamsBody(hostile));
    expect(texts.markdown).toEqual([]);
    expect(texts.plain.join("\n")).toContain('found "[log in again](https://evil.example/steal)"');
    // The facts keep their labels, each with its value.
    expect(texts.plain).toContain("What the check saw: ");
  });
});

describe("flapping, a first check and a certificate's end in words (#30)", () => {
  const flapping: NotifyMessage = {
    kind: "notice",
    notice: notice({
      event: "flapping",
      from: "online",
      to: "offline",
      flapping: { changes: 5, minutes: 60, since: "2025-03-01T12:00:05.000Z" },
    }),
  };

  it("a flapping server: how often it changed, its state now, and when it will be told again", () => {
    const text = plainText(describeMessage(flapping));
    expect(text).toContain("Web 1 (srv-1) is flapping: its state changed 5 times in 60 min");
    expect(text).toContain("State: Offline now, changing often");
    expect(text).toContain("Flapping since: 2025-03-01 12:00 UTC");
    expect(text).toContain("Next notice: when it keeps one state for 60 min (no notice of each change until then)");
    expect(webhookBody(flapping)).toMatchObject({ event: "flapping", flapping: { changes: 5, minutes: 60 } });
    expect(ntfyBody(flapping, "ops")).toMatchObject({ priority: 4, tags: ["red_circle"] });
  });

  it("a settled server says the state it settled in", () => {
    const settled: NotifyMessage = {
      kind: "notice",
      notice: notice({ event: "settled", from: "offline", to: "online", detail: "HTTP 200 in 4 ms" }),
    };
    const text = plainText(describeMessage(settled));
    expect(text).toContain("Web 1 (srv-1) has settled: online");
    expect(text).toContain("State: Online (was flapping)");
  });

  it("a server first seen offline: its first check, not a 'was' that never was", () => {
    const first: NotifyMessage = { kind: "notice", notice: notice({ from: null }) };
    const text = plainText(describeMessage(first));
    expect(text).toContain("State: Offline (its first check)");
    expect(text).not.toContain("was Online");
    expect(webhookBody(first)).toMatchObject({ event: "down", from: null });
  });

  it("a renewed certificate, and one no longer about to expire, each in its own words", () => {
    const renewed: NotifyMessage = {
      kind: "notice",
      notice: notice({
        event: "recovered",
        from: "warning",
        to: "online",
        cause: "certificate-renewed",
        certificate: { expires: "2025-06-01T12:00:00.000Z", daysLeft: 92 },
      }),
    };
    expect(describeMessage(renewed).title).toBe("Web 1 (srv-1): its certificate was renewed (valid until 2025-06-01)");
    const over: NotifyMessage = {
      kind: "notice",
      notice: notice({
        event: "recovered",
        from: "warning",
        to: "online",
        cause: "certificate-warning-over",
        certificate: { expires: "2025-03-20T12:00:00.000Z", daysLeft: 19 },
      }),
    };
    expect(describeMessage(over).title).toBe(
      "Web 1 (srv-1): its certificate is no longer about to expire: it expires in 19 days (2025-03-20)",
    );
  });
});
