// Vite plugin: lists the open-source packages whose code ends up in the bundle
// (name, version, licence from each package.json) and emits it as acknowledgments.json.
// In development it serves the app's direct dependencies instead.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Plugin } from 'vite';

export interface Acknowledgment {
  name: string;
  version: string;
  license: string;
  homepage?: string;
}

export const ACKNOWLEDGMENTS_FILE = 'acknowledgments.json';

/**
 * Data the server carries, not code: the ICD-10-CM code set (public domain, from the
 * CDC's National Center for Health Statistics; the release is the one
 * tools/icd10cm/extract.py wrote into crates/store/data/icd10cm.tsv.gz).
 */
export const DATA_SOURCES: Acknowledgment[] = [
  {
    name: 'ICD-10-CM code set (CDC National Center for Health Statistics), April 1, 2026 release (FY2026)',
    version: '2026-04-01',
    license: 'Public domain',
    homepage: 'https://www.cdc.gov/nchs/icd/icd-10-cm/',
  },
  {
    name: 'CVX vaccine codes (CDC), the vaccines a practice gives most',
    version: '2026',
    license: 'Public domain',
    homepage: 'https://www2.cdc.gov/vaccines/iis/iisstandards/vaccines.asp?rpt=cvx',
  },
  {
    name: 'LOINC codes of the vital signs. This material contains content from LOINC, copyright Regenstrief Institute, Inc. and the LOINC Committee',
    version: 'as named by US Core 6.1.0',
    license: 'LOINC license (available at no cost)',
    homepage: 'https://loinc.org',
  },
  {
    name: 'SNOMED CT smoking status codes of US Core (SNOMED International; US Edition from the National Library of Medicine)',
    version: 'as named by US Core 6.1.0',
    license: 'SNOMED CT affiliate license (free in the United States through the NLM)',
    homepage: 'https://www.nlm.nih.gov/healthit/snomedct/',
  },
];

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: Array<{ type?: string }>;
  homepage?: string;
  private?: boolean;
}

function licenseOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  const types = (pkg.licenses ?? []).map((l) => l.type).filter(Boolean);
  return types.length > 0 ? types.join(' OR ') : 'UNKNOWN';
}

/** The package.json (with a name) that owns a file inside node_modules, if any. */
export function owningPackage(file: string, cache = new Map<string, string | null>()): string | null {
  const clean = file.replace(/^\0/, '').split('?')[0] ?? '';
  const marker = `${sep}node_modules${sep}`;
  if (!clean.includes(marker)) return null;
  let dir = dirname(clean);
  const visited: string[] = [];
  let found: string | null = null;
  while (dir.includes(marker)) {
    const hit = cache.get(dir);
    if (hit !== undefined) {
      found = hit;
      break;
    }
    visited.push(dir);
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as PackageJson;
      if (pkg.name && pkg.version) {
        found = candidate;
        break;
      }
    }
    dir = dirname(dir);
  }
  for (const d of visited) cache.set(d, found);
  return found;
}

function describe(packageJsonPath: string): Acknowledgment {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as PackageJson;
  const entry: Acknowledgment = { name: pkg.name ?? '', version: pkg.version ?? '', license: licenseOf(pkg) };
  if (typeof pkg.homepage === 'string' && /^https?:\/\//.test(pkg.homepage)) entry.homepage = pkg.homepage;
  return entry;
}

export function sortAcknowledgments(list: Acknowledgment[]): Acknowledgment[] {
  const seen = new Map<string, Acknowledgment>();
  for (const item of list) seen.set(`${item.name}@${item.version}`, item);
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export function acknowledgments(root: string): Plugin {
  return {
    name: 'pocketchart-acknowledgments',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.endsWith(`/${ACKNOWLEDGMENTS_FILE}`)) return next();
        const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
        const list = Object.keys(own.dependencies ?? {})
          .map((name) => join(root, 'node_modules', name, 'package.json'))
          .filter((p) => existsSync(p))
          .map(describe);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify([...sortAcknowledgments(list), ...DATA_SOURCES]));
      });
    },
    generateBundle(_options, bundle) {
      const cache = new Map<string, string | null>();
      const packages = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const ids = output.moduleIds ?? Object.keys(output.modules);
        for (const id of ids) {
          const pkg = owningPackage(id, cache);
          if (pkg) packages.add(pkg);
        }
      }
      const list = [...sortAcknowledgments([...packages].map(describe)), ...DATA_SOURCES];
      this.emitFile({ type: 'asset', fileName: ACKNOWLEDGMENTS_FILE, source: `${JSON.stringify(list, null, 1)}\n` });
    },
  };
}
