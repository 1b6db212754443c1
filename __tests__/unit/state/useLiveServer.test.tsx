import { act, screen } from "@testing-library/react";
import { useEffect } from "react";
import { useLiveServerStore } from "../../../src/state/LiveServers";
import { useLiveServer } from "../../../src/state/useLiveServer";
import type { Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";
import { renderWithProviders } from "../renderWithProviders";

jest.mock("../../../src/state/publishedData", () => ({ loadPublishedServers: jest.fn(() => new Promise(() => undefined)) }));

function Now({ built }: { built: Server }) {
  const { server, live } = useLiveServer(built);
  return (
    <p>
      {server.status} {live ? "live" : "as built"}
    </p>
  );
}

/** Seeds the page's store as an earlier page (or the published list) would. */
function Seed({ servers }: { servers: Server[] }) {
  const store = useLiveServerStore();
  useEffect(() => store.seed(servers), [store, servers]);
  return null;
}

describe("useLiveServer", () => {
  it("shows the build's record until the store has the fleet, then the live one of the same id", async () => {
    const built = makeServer({ id: "srv-a", status: "online" });
    const { rerender } = renderWithProviders(<Now built={built} />);
    expect(screen.getByText("online as built")).toBeInTheDocument();
    await act(async () => {
      rerender(
        <>
          <Seed servers={[makeServer({ id: "srv-b" }), { ...built, status: "offline" }]} />
          <Now built={built} />
        </>,
      );
    });
    expect(screen.getByText("offline live")).toBeInTheDocument();
  });

  it("keeps the build's record when the fleet it gets does not hold the server", async () => {
    const built = makeServer({ id: "srv-gone", status: "warning" });
    await act(async () => {
      renderWithProviders(
        <>
          <Seed servers={[makeServer({ id: "srv-b" })]} />
          <Now built={built} />
        </>,
      );
    });
    expect(screen.getByText("warning as built")).toBeInTheDocument();
  });
});
