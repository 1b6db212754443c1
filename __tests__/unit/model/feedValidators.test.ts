/**
 * The validators the pages use are compiled at build from the open data's
 * schemas (src/model/fleet/generated/): each file is what the schemas make
 * today, and each judges data as Ajv compiling the schema now does, errors
 * included, for good documents and for generated bad ones.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { VALIDATOR_FILES, validatorSource } from "../../../scripts/feedValidatorsSource";
import { compileSchema } from "../../../src/domain/content/schemaIssues";
import {
  validateFeedServers,
  validatePublishedAlerts,
  validatePublishedIncidents,
  type Validate,
} from "../../../src/model/fleet/feedValidators";
import { feedServerSchema } from "../../../src/publish/openDataSchemas";

const GENERATED = path.resolve(__dirname, "..", "..", "..", "src", "model", "fleet", "generated");

describe("the generated validators", () => {
  it.each(Object.keys(VALIDATOR_FILES))("%s is what the schemas make today (else: npm run generate:validators)", (file) => {
    const schema = VALIDATOR_FILES[file as keyof typeof VALIDATOR_FILES]();
    expect(fs.readFileSync(path.join(GENERATED, file), "utf8")).toBe(validatorSource(schema));
  });

  const server = {
    id: "srv-1",
    name: "Web 1",
    ip: "203.0.113.5",
    location: "Frankfurt, Germany",
    status: "online",
    uptime: "99.9%",
    responseTime: 45,
    lastChecked: "2026-11-27T05:00:00.000Z",
    coordinates: [8.68, 50.11],
    source: "measured",
  };
  const sameAsAjv = (generated: Validate, schema: object) => {
    const compiled = compileSchema(schema);
    return (data: unknown) => {
      const ok = generated(data);
      expect(ok).toBe(compiled(data));
      const strip = (errors: typeof compiled.errors) =>
        (errors ?? []).map(({ instancePath, keyword, params, message }) => ({ instancePath, keyword, params, message }));
      expect(strip(generated.errors)).toEqual(strip(compiled.errors));
      return ok;
    };
  };

  it("judges a feed's servers as Ajv does, good records and broken ones alike", () => {
    const check = sameAsAjv(validateFeedServers, { type: "array", items: feedServerSchema() });
    expect(check([server])).toBe(true);
    expect(check([{ ...server, ip: "999.1.1.1", coordinates: [200, 50] }])).toBe(false);
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(server)), anyValue, fc.boolean(), (field, value, drop) => {
        const record: Record<string, unknown> = { ...server, [field]: value };
        if (drop) delete record[field];
        check([record, server]);
      }),
      { numRuns: 300 },
    );
  });

  it("judges the published alerts and incidents as Ajv does", () => {
    const alerts = sameAsAjv(validatePublishedAlerts, VALIDATOR_FILES["publishedAlerts.ts"]());
    expect(alerts({ version: 1, generatedAt: "2026-11-27T05:00:00.000Z", alerts: [] })).toBe(true);
    expect(alerts({ version: 2, alerts: "no" })).toBe(false);
    const incidents = sameAsAjv(validatePublishedIncidents, VALIDATOR_FILES["publishedIncidents.ts"]());
    expect(incidents({ version: 1, generatedAt: "2026-11-27T05:00:00.000Z", incidents: [], maintenance: [] })).toBe(true);
    expect(incidents({ version: 1, generatedAt: "soon", incidents: [{}], maintenance: null })).toBe(false);
  });
});
