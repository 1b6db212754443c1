/**
 * The mapbox-gl chunk cannot load. Kept in its own file: Jest caches a mocked
 * module once it has loaded, so the failing load must be this file's first.
 * (A factory that throws is not cached, so the retry loads it for real.)
 */
import { act, screen, waitFor, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MapCard } from "../../../src/features/map/MapCard";
import { makeServer } from "../fixtures";
import { consoleText, fake } from "./mapboxFake";

jest.mock("mapbox-gl", () => require("./mapboxFake").mapboxModule());
// jsdom loads no stylesheets: the globe's CSS "loads" at once (the browser tests load the real one).
const mockLoadStylesheet = jest.fn((_href: string) => Promise.resolve());
jest.mock("../../../src/components/ui/loadStylesheet", () => ({ loadStylesheet: (href: string) => mockLoadStylesheet(href) }));

const TOKEN = "pk.library-test-token";

/** What webpack throws when a lazy chunk cannot be fetched. */
function chunkLoadError() {
  const error = new Error("Loading chunk 812 failed.\n(error: https://example.org/812-abc.js)");
  error.name = "ChunkLoadError";
  return error;
}

it("the library cannot load: panel stays, message about the library, logged; pressing again loads it", async () => {
  const errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    fake.reset();
    fake.loadError = chunkLoadError();
    const user = userEvent.setup();
    const both = [makeServer({ status: "online" }), makeServer({ status: "offline" })];
    render(<MapCard servers={both} globeServers={both} />);

    await user.type(screen.getByLabelText("Mapbox public token"), TOKEN);
    await user.click(screen.getByRole("button", { name: "Initialize Map" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/map library could not be loaded/i);
    expect(fake.maps).toHaveLength(0);
    expect(screen.getByRole("form", { name: "Setup Mapbox" })).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalled();
    expect(consoleText(errorSpy)).toContain("Loading chunk 812 failed");
    expect(consoleText(errorSpy)).not.toContain(TOKEN);

    // the network is back: the same button loads the library and the globe comes up
    fake.loadError = null;
    const retry = screen.getByRole("button", { name: "Initialize Map" });
    expect(retry).toBeEnabled();
    await user.click(retry);
    await waitFor(() => expect(fake.maps).toHaveLength(1));
    expect(fake.maps[0].options.accessToken).toBe(TOKEN);
    await act(async () => fake.maps[0].fire("load"));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Setup Mapbox" })).not.toBeInTheDocument());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fake.markers.filter((m) => !m.removed)).toHaveLength(2);
  } finally {
    errorSpy.mockRestore();
  }
});
