/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readServerHistoriesForPages, serverHistoriesOfThisBuild } from "../../../gatsby/pages/serverHistories";

describe("one read of the check job's folder per build", () => {
  it("the API files get the histories the pages were made from; another folder is read afresh", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "histories-"));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "histories-"));
    const forPages = readServerHistoriesForPages(dir);
    expect(serverHistoriesOfThisBuild(dir)).toBe(forPages);
    expect(serverHistoriesOfThisBuild(other)).not.toBe(forPages);
    // each createPages (gatsby develop runs it again) reads afresh
    expect(readServerHistoriesForPages(dir)).not.toBe(forPages);
  });
});
