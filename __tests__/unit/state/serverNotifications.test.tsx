/**
 * The page side of browser notifications: the live servers' changes become
 * system notifications only once the feed has answered on the page, only with
 * Push Notifications on and the browser's permission, and never on load.
 */
import { act, render } from "@testing-library/react";
import { RootProviders } from "../../../src/components/layout/RootProviders";
import type { FeedStore } from "../../../src/state/feedStore";
import { useFeedStore, useLiveServerStore } from "../../../src/state/LiveServers";
import { useServerPageNotifications } from "../../../src/state/useServerNotifications";
import type { LiveServerStore } from "../../../src/state/liveServerStore";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const shown: Array<{ title: string; body?: string; tag?: string }> = [];
class FakeNotification {
  static permission: NotificationPermission = "granted";
  static requestPermission = jest.fn();
  onclick: (() => void) | null = null;
  constructor(title: string, options: NotificationOptions = {}) {
    shown.push({ title, body: options.body, tag: options.tag });
  }
  close() {}
}

let stores: { live: LiveServerStore; feed: FeedStore };
function Probe() {
  stores = { live: useLiveServerStore(), feed: useFeedStore() };
  return null;
}

const server = (status: string, source: Server["source"] = "measured") =>
  makeServer({ id: "srv-us-east-1", name: "US-East-1", location: "Ashburn, USA", status, source, detail: "connection refused" });
/** A feed's answer, as feedClient applies it: the servers first, then the feed's status. */
const answer = (servers: Server[]) =>
  act(() => {
    stores.live.update(() => servers);
    stores.feed.succeeded(Date.now(), { leftOut: [], dataTime: null });
  });

function open(settings: Record<string, unknown> = { pushNotifications: true }) {
  localStorage.setItem("settings", JSON.stringify(settings));
  render(
    <RootProviders>
      <Probe />
    </RootProviders>,
  );
  act(() => {
    stores.live.seed([server("online")]);
    stores.feed.waiting();
  });
}

beforeEach(() => {
  shown.length = 0;
  FakeNotification.permission = "granted";
  (window as unknown as { Notification: unknown }).Notification = FakeNotification;
});
afterEach(() => {
  delete (window as unknown as { Notification?: unknown }).Notification;
  localStorage.clear();
});

it("a server the feed turns offline is a system notification; the feed's first answer is where the page starts", () => {
  open();
  answer([server("offline")]);
  expect(shown).toEqual([]);
  answer([server("online")]);
  answer([server("offline")]);
  expect(shown).toEqual([
    {
      title: "US-East-1 is back",
      body: "srv-us-east-1 (Ashburn, USA) is online, was offline. connection refused.",
      tag: "srv-us-east-1 online",
    },
    {
      title: "US-East-1 is down",
      body: "srv-us-east-1 (Ashburn, USA) is offline, was online. connection refused.",
      tag: "srv-us-east-1 offline",
    },
  ]);
  expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
});

it("nothing with Push Notifications off", () => {
  open({ pushNotifications: false });
  answer([server("online")]);
  answer([server("offline")]);
  expect(shown).toEqual([]);
});

it("nothing with Server Down Alerts off", () => {
  open({ pushNotifications: true, serverDownAlerts: false });
  answer([server("online")]);
  answer([server("offline")]);
  expect(shown).toEqual([]);
});

it("nothing without the browser's permission", () => {
  FakeNotification.permission = "denied";
  open();
  answer([server("online")]);
  answer([server("offline")]);
  expect(shown).toEqual([]);
});

it("the simulation's changes are never notified", () => {
  open();
  answer([server("online", "simulated")]);
  answer([server("offline", "simulated")]);
  expect(shown).toEqual([]);
});

describe("a server's page opened directly, following its own file", () => {
  function Page({ record }: { record: Server | null }) {
    useServerPageNotifications(record);
    return null;
  }
  const follow = (settings: Record<string, unknown> = { pushNotifications: true }) => {
    localStorage.setItem("settings", JSON.stringify(settings));
    const view = render(
      <RootProviders>
        <Page record={null} />
      </RootProviders>,
    );
    return (record: Server) =>
      view.rerender(
        <RootProviders>
          <Page record={record} />
        </RootProviders>,
      );
  };

  it("its server's changes are system notifications, as on the other pages; the file's first answer is where it starts", () => {
    const answer = follow();
    answer(server("offline"));
    expect(shown).toEqual([]);
    answer(server("online"));
    answer(server("online"));
    answer(server("offline"));
    expect(shown.map((n) => n.title)).toEqual(["US-East-1 is back", "US-East-1 is down"]);
  });

  it("nothing with Push Notifications off, nor for a simulated server", () => {
    const off = follow({ pushNotifications: false });
    off(server("online"));
    off(server("offline"));
    const simulated = follow();
    simulated(server("online", "simulated"));
    simulated(server("offline", "simulated"));
    expect(shown).toEqual([]);
  });
});
