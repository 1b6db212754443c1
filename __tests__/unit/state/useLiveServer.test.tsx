import { act, screen } from "@testing-library/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLiveServerStore } from "../../../src/state/LiveServers";
import { useLiveServer } from "../../../src/state/useLiveServer";
import { loadPublishedServers } from "../../../src/state/publishedData";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

jest.mock("../../../src/state/publishedData", () => ({ loadPublishedServers: jest.fn(() => new Promise(() => undefined)) }));

function Now({ built }: { built: Server }) {
  const { server, live } = useLiveServer(built);
  return (
    <p>
      {server.status} {server.responseTime ?? "none"} {live ? "live" : "as built"}
    </p>
  );
}

/** What the store holds, for the shell: null while no page has given it the fleet. */
function StoreSize() {
  const store = useLiveServerStore();
  const servers = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  return <p>store {servers?.length ?? "empty"}</p>;
}

/** An earlier page that held the fleet: it seeds the store, then the server's page opens. */
function FromAnotherPage({ fleet, built }: { fleet: Server[]; built: Server }) {
  const store = useLiveServerStore();
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    store.seed(fleet);
    setSeeded(true);
  }, [store, fleet]);
  return seeded ? <Now built={built} /> : null;
}

describe("useLiveServer", () => {
  afterEach(() => jest.useRealTimers());

  it("arrived from a page that held the fleet: the live record of the same id", async () => {
    const built = makeServer({ id: "srv-a", status: "online" });
    await act(async () => {
      renderWithProviders(<FromAnotherPage fleet={[makeServer({ id: "srv-b" }), { ...built, status: "offline" }]} built={built} />);
    });
    expect(screen.getByText(/offline .* live/)).toBeInTheDocument();
  });

  it("arrived with a fleet that does not hold the server: the build's record", async () => {
    const built = makeServer({ id: "srv-gone", status: "warning" });
    await act(async () => {
      renderWithProviders(<FromAnotherPage fleet={[makeServer({ id: "srv-b" })]} built={built} />);
    });
    expect(screen.getByText(/warning .* as built/)).toBeInTheDocument();
  });

  it("opened directly on a site with nothing to follow: this server alone is simulated; the whole list is never fetched", async () => {
    jest.useFakeTimers();
    const built = makeServer({ id: "srv-a", status: "online", source: "simulated", responseTime: 40 });
    await act(async () => {
      renderWithProviders(
        <>
          <Now built={built} />
          <StoreSize />
        </>,
      );
    });
    expect(screen.getByText("online 40 live")).toBeInTheDocument();
    // A tick at the settings' pace (30 s) moves its figures as the simulation does (its draw fixed here: a random
    // one came back to 40 ms one run in 50).
    const random = jest.spyOn(Math, "random").mockReturnValue(0.9);
    await act(async () => {
      jest.advanceTimersByTime(30_000 * 4);
    });
    random.mockRestore();
    expect(screen.getByText("online 65 live")).toBeInTheDocument();
    expect(loadPublishedServers).not.toHaveBeenCalled();
    expect(screen.getByText("store empty")).toBeInTheDocument();
  });

  it("opened directly, a measured server with nothing to follow stays as built (no simulation of measured figures)", async () => {
    jest.useFakeTimers();
    const built = makeServer({ id: "srv-m", status: "online", source: "measured", responseTime: 12 });
    await act(async () => {
      renderWithProviders(<Now built={built} />);
    });
    await act(async () => {
      jest.advanceTimersByTime(30_000 * 4);
    });
    expect(screen.getByText("online 12 as built")).toBeInTheDocument();
  });
});
