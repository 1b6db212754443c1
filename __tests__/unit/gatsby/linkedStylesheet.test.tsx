import { renderToStaticMarkup } from "react-dom/server";
import { linksStylesheet, linkStylesheets } from "../../../gatsby/linkedStylesheet";

/** Server pages link the site's stylesheet instead of carrying it (#45); the routes keep it inline. */
describe("the stylesheet of a server page", () => {
  it("only a server's own page links it", () => {
    expect(["/servers/srv-a", "/servers/srv-a/", "/servers/a.b"].map(linksStylesheet)).toEqual([true, true, true]);
    expect(["/", "/servers", "/servers/", "/servers/a/b", "/reports/2026-11", "/map"].map(linksStylesheet)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("turns each inlined stylesheet into a link to its file and leaves the rest of the head as it was", () => {
    const head = [
      <style key="css" data-href="/styles.abc.css" data-identity="gatsby-global-css" dangerouslySetInnerHTML={{ __html: "body{}" }} />,
      <style key="own" dangerouslySetInnerHTML={{ __html: ".x{}" }} />,
      <script key="s" src="/head-state.js" />,
      "text",
    ];
    expect(renderToStaticMarkup(<>{linkStylesheets(head)}</>)).toBe(
      '<link rel="stylesheet" href="/styles.abc.css"/><style>.x{}</style><script src="/head-state.js"></script>text',
    );
  });
});
