/** What the settings page shows of content/notifications.json: channels by id and type, and what reaches them. */
import type { NotificationsConfig } from "../../../src/domain/notify/notifications";
import { channelSummaries, channelTypeName, describeRoute } from "../../../src/domain/notify/channels";

const config = (): NotificationsConfig => ({
  channels: [
    { id: "ops-slack", type: "slack", urlEnv: "NOTIFY_SLACK_URL" },
    { id: "pager", type: "ntfy", urlEnv: "NOTIFY_NTFY_URL", tokenEnv: "NOTIFY_NTFY_TOKEN" },
    { id: "on-call", type: "email", smtpUrlEnv: "NOTIFY_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
    { id: "spare", type: "teams", urlEnv: "NOTIFY_TEAMS_URL" },
  ],
  routes: [{ servers: ["srv-a", "srv-b"], channels: ["pager"], events: ["down"] }, { channels: ["ops-slack", "on-call"] }],
});

describe("channelSummaries", () => {
  it("each channel by id and type, with the routes that reach it, and nothing else of it", () => {
    const summaries = channelSummaries(config());
    expect(summaries).toEqual([
      { id: "ops-slack", type: "slack", routes: [{ servers: null, events: ["down", "degraded", "recovered", "reminder", "certificate"] }] },
      { id: "pager", type: "ntfy", routes: [{ servers: ["srv-a", "srv-b"], events: ["down"] }] },
      { id: "on-call", type: "email", routes: [{ servers: null, events: ["down", "degraded", "recovered", "reminder", "certificate"] }] },
      { id: "spare", type: "teams", routes: [] },
    ]);
    expect(JSON.stringify(summaries)).not.toMatch(/NOTIFY_|example\.org/);
  });

  it("leaves out what the job does not send: recoveries when sendOnRecovery is off, reminders when reminderMinutes is 0", () => {
    const quiet = { ...config(), defaults: { sendOnRecovery: false, reminderMinutes: 0 } };
    expect(channelSummaries(quiet)[0].routes).toEqual([{ servers: null, events: ["down", "degraded", "certificate"] }]);
    const onlyRecoveries = { ...quiet, routes: [{ channels: ["ops-slack"], events: ["recovered" as const] }] };
    expect(channelSummaries(onlyRecoveries)[0].routes).toEqual([]);
  });
});

describe("words", () => {
  it("names types and routes as a reader would", () => {
    expect(channelTypeName("teams")).toBe("Microsoft Teams");
    expect(channelTypeName("email")).toBe("email");
    expect(describeRoute({ servers: null, events: ["down", "degraded", "recovered", "reminder"] })).toBe(
      "every server: down, slow, recovered, reminders",
    );
    expect(describeRoute({ servers: ["srv-a", "srv-b"], events: ["down"] })).toBe("srv-a, srv-b: down");
  });
});
