// Types of scripts/gen-limits.mjs for the tests that import it.
export declare const OPENAPI_PATH: string;
export declare const LIMITS_PATH: string;
type Rules = Record<string, unknown>;
export declare function collect(doc: unknown): {
  limits: Record<string, Record<string, Rules>>;
  enums: Record<string, unknown[]>;
  parameterLimits: Record<string, Record<string, Record<string, Rules>>>;
};
export declare function renderLimits(doc: unknown): string;
export declare function readDocument(path?: string): unknown;
