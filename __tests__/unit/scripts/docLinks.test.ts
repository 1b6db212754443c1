import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { anchorOf, checkDocLinks, headingsOf } from "../../../scripts/docLinks.mjs";
import { writeDocTable } from "../../../scripts/docTable.mjs";

/** The docs by reader (#46): every link and every reference to a section holds, and the benchmarks find their tables wherever they moved. */
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "doc-links-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

describe("the docs' links", () => {
  it("anchors as GitHub makes them: lower case, punctuation gone, spaces as hyphens, repeats numbered", () => {
    expect(anchorOf("How big the site gets, and where it fits")).toBe("how-big-the-site-gets-and-where-it-fits");
    expect(anchorOf("The web editor (/admin)")).toBe("the-web-editor-admin");
    expect(anchorOf("`servers.json`: the servers the site watches")).toBe("serversjson-the-servers-the-site-watches");
    expect(anchorOf("Statuspage's API")).toBe("statuspages-api");
    const { anchors, headings } = headingsOf("# A\n## Notes\n```sh\n# not a heading\n```\n## Notes\n**In shards.** text\n");
    expect([...anchors]).toEqual(["a", "notes", "notes-1"]);
    expect(headings).toEqual(["A", "Notes", "Notes", "In shards"]);
  });

  it("finds a link to a file that is not there, and an anchor its file does not have", () => {
    write(
      "README.md",
      "# R\nSee [ops](docs/operators.md#publishing), [gone](docs/gone.md), [top](#r) and [no](#nowhere).\n`[code](not/a/link.md)`\n",
    );
    write("docs/operators.md", "# Ops\n## Publishing\nBack to [the readme](../README.md#r), [the web](https://example.org/x.md).\n");
    expect(checkDocLinks(root)).toEqual([
      "README.md:2: the link to docs/gone.md names a file that is not there (docs/gone.md)",
      "README.md:2: the link to #nowhere: README.md has no heading whose anchor is #nowhere",
    ]);
  });

  it("finds code that sends readers to a section a doc does not have, or to a doc that is not there", () => {
    write("README.md", "# R\n## Publishing\n**In shards.** How.\n");
    write("src/a.ts", '// README.md, "Publishing" and README.md, "In shards" hold\nconst why = \'docs/operators.md, "Notifications"\';\n');
    write("monitor/b.ts", '// README.md, "Real monitoring"\n// README, "Gone"\n');
    write("content/schema/c.json", '{ "description": "signed (docs/readers.md, \\"Feeds\\")" }\n');
    expect(checkDocLinks(root)).toEqual([
      "src/a.ts:2: sends readers to docs/operators.md, which is not there",
      'monitor/b.ts:1: sends readers to README.md, "Real monitoring", a heading README.md does not have',
      'monitor/b.ts:2: sends readers to README.md, "Gone", a heading README.md does not have',
      "content/schema/c.json:1: sends readers to docs/readers.md, which is not there",
    ]);
  });

  it("the project's own docs have no dead link, and its code sends readers to sections that exist", () => {
    expect(checkDocLinks(path.join(__dirname, "../../.."))).toEqual([]);
  });
});

describe("a benchmark's table in the docs", () => {
  it("is written between its markers in whichever doc holds them, whatever the table holds", () => {
    write("README.md", "# R\n");
    write("docs/contributors.md", "# C\n\n<!-- bench:start -->\nold\n<!-- bench:end -->\n\nAfter.\n");
    // `$&` and `$1` are text here, not a replacement's patterns
    expect(writeDocTable(root, "bench", "| a | b |\n| - | - |\n| $& | $1 |")).toBe("docs/contributors.md");
    const text = fs.readFileSync(path.join(root, "docs/contributors.md"), "utf8");
    expect(text).toContain("<!-- bench:start -->");
    expect(text).toContain("| $& | $1 |");
    expect(text).not.toContain("old");
    expect(text).toContain("<!-- bench:end -->\n\nAfter.");
    expect(writeDocTable(root, "nowhere", "x")).toBeNull();
  });
});
