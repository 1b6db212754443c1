/**
 * Settings → Notifications: the switches say they are this browser's
 * preferences; Push Notifications asks the browser's permission when it is
 * turned on (never before), and stays off with the reason when it is refused;
 * the site's channels are listed by id and type, or the page says there are none.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NotificationSettings } from "../../../src/features/settings/NotificationSettings";
import type { SiteChannel } from "../../../src/features/settings/SiteChannels";
import { renderWithProviders } from "../renderWithProviders";

/** jsdom has no Notification: a stand-in whose answer each test sets. */
class FakeNotification {
  static permission: NotificationPermission = "default";
  static answer: NotificationPermission = "granted";
  static requestPermission = jest.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
}

beforeEach(() => {
  FakeNotification.permission = "default";
  FakeNotification.answer = "granted";
  FakeNotification.requestPermission.mockClear();
  (window as unknown as { Notification: unknown }).Notification = FakeNotification;
});
afterEach(() => {
  delete (window as unknown as { Notification?: unknown }).Notification;
  localStorage.clear();
});

const CHANNELS: SiteChannel[] = [
  { id: "ops-slack", type: "slack", routes: [{ servers: null, events: ["down", "degraded", "recovered", "reminder"] }] },
  { id: "pager", type: "ntfy", routes: [{ servers: ["srv-us-east-1"], events: ["down"] }] },
  { id: "on-call", type: "email", routes: [] },
];

const stored = () => JSON.parse(localStorage.getItem("settings") ?? "{}") as Record<string, unknown>;
const push = () => screen.getByRole("switch", { name: "Push Notifications" });

describe("the preferences", () => {
  it("say they are this browser's, and keep SPEC's four switches with their defaults", () => {
    renderWithProviders(<NotificationSettings channels={[]} />);
    expect(screen.getByText(/Your preferences, kept in this browser/)).toBeInTheDocument();
    expect(screen.queryByText(/Nothing is sent yet/)).not.toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Email Notifications" })).toBeChecked();
    expect(push()).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Server Down Alerts" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Performance Alerts" })).toBeChecked();
    expect(push()).toHaveAccessibleDescription(/System notifications from this browser while a page that follows the status feed is open/);
    expect(screen.getByRole("switch", { name: "Email Notifications" })).toHaveAccessibleDescription(/This page cannot send email/);
  });

  it("never ask for permission on their own", () => {
    localStorage.setItem("settings", JSON.stringify({ pushNotifications: true }));
    renderWithProviders(<NotificationSettings channels={[]} />);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });
});

describe("Push Notifications", () => {
  it("asks the browser when turned on, and is on once allowed", async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettings channels={[]} />);
    await user.click(push());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(push()).toBeChecked();
    expect(stored().pushNotifications).toBe(true);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("does not ask again when already allowed", async () => {
    FakeNotification.permission = "granted";
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettings channels={[]} />);
    await user.click(push());
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(push()).toBeChecked();
  });

  it("stays off, saying why and what to do, when the browser refuses", async () => {
    FakeNotification.answer = "denied";
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettings channels={[]} />);
    await user.click(push());
    expect(push()).not.toBeChecked();
    expect(stored().pushNotifications).not.toBe(true);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This browser blocks notifications for this site: allow them in the browser's site settings, then turn this on again.",
    );
  });

  it("stays off when the question is closed without an answer, and when the browser has no notifications", async () => {
    FakeNotification.answer = "default";
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettings channels={[]} />);
    await user.click(push());
    expect(push()).not.toBeChecked();
    expect(screen.getByRole("alert")).toHaveTextContent(/closed without an answer: turn this on again to be asked again/);
    delete (window as unknown as { Notification?: unknown }).Notification;
    await user.click(push());
    expect(push()).not.toBeChecked();
    expect(screen.getByRole("alert")).toHaveTextContent("This browser cannot show notifications, so this stays off.");
  });

  it("on, but blocked since in the browser: says so without asking", () => {
    FakeNotification.permission = "denied";
    localStorage.setItem("settings", JSON.stringify({ pushNotifications: true }));
    renderWithProviders(<NotificationSettings channels={[]} />);
    expect(push()).toBeChecked();
    expect(screen.getByText(/Push Notifications is on, but this browser blocks notifications for this site/)).toBeInTheDocument();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it("turns off at once", async () => {
    FakeNotification.permission = "granted";
    localStorage.setItem("settings", JSON.stringify({ pushNotifications: true }));
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettings channels={[]} />);
    await user.click(push());
    expect(push()).not.toBeChecked();
    expect(stored().pushNotifications).toBe(false);
  });
});

describe("what the site sends", () => {
  it("lists the site's channels by id and type, with what reaches them", () => {
    renderWithProviders(<NotificationSettings channels={CHANNELS} />);
    const card = screen.getByRole("region", { name: "Sent by this site" });
    const items = within(within(card).getByRole("list", { name: "Notification channels" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "ops-slack (Slack)every server: down, slow, recovered, reminders",
      "pager (ntfy)srv-us-east-1: down",
      "on-call (email)no route sends anything here",
    ]);
    expect(card).toHaveTextContent("CONTENT.md (Notifications), in the project's repository");
  });

  it("says the site sends none when it has no notifications.json, and where to read how", () => {
    renderWithProviders(<NotificationSettings channels={[]} />);
    const card = screen.getByRole("region", { name: "Sent by this site" });
    expect(card).toHaveTextContent(/^Sent by this siteThis site sends no notifications: its content has no notifications.json\./);
    expect(card).toHaveTextContent("CONTENT.md (Notifications), in the project's repository says how");
    expect(within(card).queryByRole("list")).not.toBeInTheDocument();
  });
});
