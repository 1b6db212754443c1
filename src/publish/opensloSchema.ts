/**
 * OpenSLO v1's SLO document as a JSON Schema (#48), written here from the
 * specification's README (github.com/OpenSLO/OpenSLO, "SLO", "Objectives",
 * "SLI"; no schema ships with it): what every SLO document must hold,
 * whoever wrote it. Published beside the documents
 * (/api/v1/openslo/openslo-v1.schema.json), and held to them by the tests.
 */
type Schema = Record<string, unknown>;

/** A duration in OpenSLO's shorthand: 5m, 4w, 31d, 1M, 1Q, 1Y. */
const DURATION = { type: "string", pattern: "^[1-9][0-9]*[mhdwMQY]$" } as const;
/** DNS RFC 1123 label: at most 63 lower-case letters, digits and dashes, starting and ending with a letter or digit. */
const NAME = { type: "string", pattern: "^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$" } as const;

const metricSource = {
  type: "object",
  required: ["metricSource"],
  properties: {
    metricSource: {
      type: "object",
      required: ["spec"],
      properties: { metricSourceRef: { type: "string" }, type: { type: "string" }, spec: { type: "object" } },
    },
  },
} as const;

const indicator = {
  type: "object",
  required: ["metadata", "spec"],
  properties: {
    metadata: { type: "object", required: ["name"], properties: { name: NAME, displayName: { type: "string" } } },
    spec: {
      type: "object",
      properties: {
        description: { type: "string", maxLength: 1050 },
        thresholdMetric: metricSource,
        ratioMetric: {
          type: "object",
          properties: {
            counter: { type: "boolean" },
            good: metricSource,
            bad: metricSource,
            total: metricSource,
            rawType: { enum: ["success", "failure"] },
            raw: metricSource,
          },
          // good or bad over total, or a raw ratio with its type
          oneOf: [
            { required: ["good", "total"], not: { required: ["bad"] } },
            { required: ["bad", "total"], not: { required: ["good"] } },
            { required: ["raw", "rawType"], not: { anyOf: [{ required: ["good"] }, { required: ["bad"] }, { required: ["total"] }] } },
          ],
        },
      },
      oneOf: [{ required: ["thresholdMetric"] }, { required: ["ratioMetric"] }],
    },
  },
} as const;

const objective = {
  type: "object",
  properties: {
    displayName: { type: "string" },
    op: { enum: ["lte", "gte", "lt", "gt"] },
    value: { type: "number" },
    target: { type: "number", minimum: 0, exclusiveMaximum: 1 },
    targetPercent: { type: "number", minimum: 0, exclusiveMaximum: 100 },
    timeSliceTarget: { type: "number", exclusiveMinimum: 0, maximum: 1 },
    timeSliceWindow: {
      anyOf: [{ type: "number", exclusiveMinimum: 0 }, DURATION],
    },
    indicator,
    indicatorRef: { type: "string" },
    compositeWeight: { type: "number", exclusiveMinimum: 0 },
  },
  // either target or targetPercent
  oneOf: [
    { required: ["target"], not: { required: ["targetPercent"] } },
    { required: ["targetPercent"], not: { required: ["target"] } },
  ],
} as const;

export function openSloSchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "openslo-v1.schema.json",
    title: "OpenSLO v1 SLO",
    description: "An OpenSLO v1 document of kind SLO, as the specification's README describes it.",
    type: "object",
    required: ["apiVersion", "kind", "metadata", "spec"],
    properties: {
      apiVersion: { const: "openslo/v1" },
      kind: { const: "SLO" },
      metadata: {
        type: "object",
        required: ["name"],
        properties: {
          name: NAME,
          displayName: { type: "string" },
          labels: { type: "object" },
          annotations: { type: "object", additionalProperties: { type: "string" } },
        },
      },
      spec: {
        type: "object",
        required: ["service", "budgetingMethod", "objectives"],
        properties: {
          description: { type: "string", maxLength: 1050 },
          service: { type: "string", minLength: 1 },
          indicator,
          indicatorRef: { type: "string" },
          timeWindow: {
            type: "array",
            minItems: 1,
            maxItems: 1,
            items: {
              type: "object",
              required: ["duration"],
              properties: {
                duration: DURATION,
                isRolling: { type: "boolean" },
                calendar: {
                  type: "object",
                  required: ["startTime", "timeZone"],
                  properties: {
                    startTime: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$" },
                    timeZone: { type: "string", minLength: 1 },
                  },
                },
              },
              // rolling, or aligned to a calendar
              oneOf: [
                { properties: { isRolling: { const: true } }, required: ["isRolling"], not: { required: ["calendar"] } },
                { required: ["calendar"], properties: { isRolling: { const: false } } },
              ],
            },
          },
          budgetingMethod: { enum: ["Occurrences", "Timeslices", "RatioTimeslices"] },
          objectives: { type: "array", minItems: 1, items: objective },
          alertPolicies: { type: "array" },
        },
        // an indicator, inline or by name
        anyOf: [
          { required: ["indicator"] },
          { required: ["indicatorRef"] },
          // a composite SLO: each objective has its own
          { properties: { objectives: { items: { anyOf: [{ required: ["indicator"] }, { required: ["indicatorRef"] }] } } } },
        ],
        allOf: [
          {
            // Timeslices: each objective has its slice's target and window; RatioTimeslices: its window
            if: { properties: { budgetingMethod: { const: "Timeslices" } } },
            then: { properties: { objectives: { items: { required: ["timeSliceTarget", "timeSliceWindow"] } } } },
          },
          {
            if: { properties: { budgetingMethod: { const: "RatioTimeslices" } } },
            then: { properties: { objectives: { items: { required: ["timeSliceWindow"] } } } },
          },
        ],
      },
    },
  };
}
