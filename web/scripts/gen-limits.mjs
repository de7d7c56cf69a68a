// Writes src/api/limits.ts from src/api/openapi.json: the rules the server's document states
// for its fields (lengths, ranges, allowed values), so the web app takes its limits from
// the same source as its types. Run by `npm run gen:api`; `npm run check:api` fails when
// the committed file is not what this script would write.
//
//   limits[Schema][property] = { minLength?, maxLength?, minimum?, maximum?,
//                                exclusiveMinimum?, exclusiveMaximum?, minItems?, maxItems?,
//                                enum?, items? }
//   enums[Schema]            = the values of a component schema that is itself an enum
//   parameterLimits[path][method][parameter] = the same rules for operations' parameters
//
// A property's rules are read from the property, from a component schema it refers to
// (`$ref`, or `oneOf`/`anyOf`/`allOf` with `null`, as utoipa writes optional fields), and
// for arrays from their items (under `items`).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_PATH = join(web, 'src/api/openapi.json');
export const LIMITS_PATH = join(web, 'src/api/limits.ts');

/** The keywords copied, in this order. */
const KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'enum'];

const REF_PREFIX = '#/components/schemas/';

function resolve(doc, schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object' || typeof schema.$ref !== 'string') return schema;
  if (!schema.$ref.startsWith(REF_PREFIX)) return schema;
  const name = schema.$ref.slice(REF_PREFIX.length);
  if (seen.has(name)) return undefined;
  seen.add(name);
  return resolve(doc, doc.components?.schemas?.[name], seen);
}

const isNullSchema = (s) => s && (s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));

/** The enum values of a schema, including utoipa's `oneOf` of single-value enums (with or without null). */
function enumOf(doc, schema) {
  const s = resolve(doc, schema);
  if (!s || typeof s !== 'object') return undefined;
  if (Array.isArray(s.enum)) return s.enum;
  if ('const' in s) return [s.const];
  const members = s.oneOf ?? s.anyOf;
  if (Array.isArray(members) && members.length > 0) {
    const values = [];
    for (const member of members) {
      if (isNullSchema(member)) continue;
      const inner = enumOf(doc, member);
      if (!inner) return undefined;
      values.push(...inner);
    }
    return values.length > 0 ? values : undefined;
  }
  return undefined;
}

/** The rules of one schema (a property, or an array's items), or undefined when it states none. */
function rulesOf(doc, schema, depth = 0) {
  if (depth > 8) return undefined;
  const s = resolve(doc, schema);
  if (!s || typeof s !== 'object') return undefined;
  const rules = {};
  // Wrappers first (oneOf [X, null], allOf [X]): their rules are the property's.
  for (const wrapper of ['allOf', 'oneOf', 'anyOf']) {
    const members = Array.isArray(s[wrapper]) ? s[wrapper].filter((m) => !isNullSchema(m)) : [];
    if (members.length === 1 || wrapper === 'allOf') {
      for (const member of members) Object.assign(rules, rulesOf(doc, member, depth + 1));
    }
  }
  for (const key of KEYWORDS) {
    if (key === 'enum') continue;
    if (typeof s[key] === 'number') rules[key] = s[key];
  }
  const values = enumOf(doc, s);
  if (values) rules.enum = values;
  if (s.items && typeof s.items === 'object') {
    const items = rulesOf(doc, s.items, depth + 1);
    if (items) rules.items = items;
  }
  return Object.keys(rules).length > 0 ? order(rules) : undefined;
}

function order(rules) {
  const out = {};
  for (const key of [...KEYWORDS, 'items']) if (key in rules) out[key] = rules[key];
  return out;
}

/** The properties of a schema, following allOf (utoipa's flattened structs). */
function propertiesOf(doc, schema, seen = new Set()) {
  const s = resolve(doc, schema);
  if (!s || typeof s !== 'object' || seen.has(s)) return {};
  seen.add(s);
  const props = {};
  for (const member of s.allOf ?? []) Object.assign(props, propertiesOf(doc, member, seen));
  Object.assign(props, s.properties ?? {});
  return props;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function resolveParameter(doc, parameter) {
  const ref = parameter?.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/parameters/')) return doc.components?.parameters?.[ref.slice('#/components/parameters/'.length)];
  return parameter;
}

/** { limits, enums, parameterLimits } for a parsed OpenAPI document. */
export function collect(doc) {
  const limits = {};
  const enums = {};
  const parameterLimits = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const params = {};
      for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = resolveParameter(doc, raw);
        if (!parameter?.name) continue;
        const rules = rulesOf(doc, parameter.schema);
        if (rules) params[parameter.name] = rules;
      }
      if (Object.keys(params).length > 0) (parameterLimits[path] ??= {})[method] = params;
    }
  }
  const schemas = doc.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    const props = {};
    for (const [prop, propSchema] of Object.entries(propertiesOf(doc, schema))) {
      const rules = rulesOf(doc, propSchema);
      if (rules) props[prop] = rules;
    }
    if (Object.keys(props).length > 0) limits[name] = props;
    const values = enumOf(doc, schema);
    if (values) enums[name] = values;
  }
  return { limits, enums, parameterLimits };
}

/** A string literal in single quotes (the project's style). */
const quote = (text) => `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k) => (IDENT.test(k) ? k : quote(k));

function literal(value, indent) {
  if (Array.isArray(value)) {
    const items = value.map((v) => literal(v, indent));
    const flat = `[${items.join(', ')}]`;
    if (flat.length + indent.length <= 110) return flat;
    return `[\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const flat = `{ ${entries.map(([k, v]) => `${key(k)}: ${literal(v, indent)}`).join(', ')} }`;
    if (!flat.includes('\n') && flat.length + indent.length <= 110) return flat;
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${literal(v, inner)},`).join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? quote(value) : JSON.stringify(value);
}


/** The text of src/api/limits.ts for a parsed OpenAPI document. */
export function renderLimits(doc) {
  const { limits, enums, parameterLimits } = collect(doc);
  return `// Generated by scripts/gen-limits.mjs from src/api/openapi.json (the server's document).
// Do not edit: run \`npm run gen:api\`. \`npm run check:api\` fails when this file is stale.

/** Field rules by component schema and property: lengths, ranges, allowed values. */
export const limits = ${literal(limits, '')} as const;

/** The values of component schemas that are enums. */
export const enums = ${literal(enums, '')} as const;

/** Parameter rules by path, method and parameter name (e.g. a list's \`limit\`). */
export const parameterLimits = ${literal(parameterLimits, '')} as const;

export type Limits = typeof limits;
export type Enums = typeof enums;
export type ParameterLimits = typeof parameterLimits;
`;
}

export function readDocument(path = OPENAPI_PATH) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(LIMITS_PATH, renderLimits(readDocument()));
  console.log(`wrote ${LIMITS_PATH.slice(web.length + 1)}`);
}
