/** @jest-environment node */
import { FEED_OFF, createFeedStore } from "../../../src/state/feedStore";

const answer = { leftOut: [], dataTime: "2026-11-23T10:41:00.000Z" };

describe("the feed's status", () => {
  it("keeps the time of the answer's data beside the time of the fetch", () => {
    const feed = createFeedStore();
    feed.succeeded(Date.parse("2026-11-23T10:45:00Z"), answer);
    expect(feed.getSnapshot()).toMatchObject({
      mode: "live",
      lastSuccess: Date.parse("2026-11-23T10:45:00Z"),
      dataTime: Date.parse(answer.dataTime),
    });
    feed.succeeded(1, { leftOut: [], dataTime: null });
    expect(feed.getSnapshot().dataTime).toBeNull();
  });

  it("belongs to the pages that follow it: off once the last lets go, kept across a page change", async () => {
    const feed = createFeedStore();
    const release = feed.follow();
    feed.succeeded(1, answer);
    release();
    const releaseNext = feed.follow();
    await Promise.resolve();
    expect(feed.getSnapshot().mode).toBe("live");
    releaseNext();
    await Promise.resolve();
    expect(feed.getSnapshot()).toBe(FEED_OFF);
  });
});
