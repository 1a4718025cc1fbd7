import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { inflateSync } from 'node:zlib';
import { AppManifestUtils, type TeamsManifest } from '@microsoft/app-manifest';
import JSZip from 'jszip';

/**
 * `npm run package:teams [-- <env>]`: fills the `${{VARS}}` of manifest.json and its
 * localization files from env/.env.<env> (and .env.<env>.user, then the process
 * environment), checks the result against the official schema and our own rules, and
 * writes appPackage/build/appPackage.<env>.zip with the files at the zip's root, as
 * Teams wants them. teamsapp.yml's zipAppPackage does the same inside Teams Toolkit.
 */

export const APP_PACKAGE_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(APP_PACKAGE_DIR, '..');
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLACEHOLDER = /\$\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/** The marker that tells the host bridge (tabs/) it is inside a Microsoft 365 host. */
export const IN_HOST_MARKER = 'inTeams=1';

export type Vars = Record<string, string | undefined>;

/** Reads dotenv files; later ones win, missing ones are skipped. */
export function readEnvFiles(...files: string[]): Vars {
  const vars: Vars = {};
  for (const file of files) {
    if (existsSync(file)) Object.assign(vars, parseEnv(readFileSync(file, 'utf8')));
  }
  return vars;
}

/** Replaces every `${{NAME}}`; throws naming all the variables that have no value. */
export function fillPlaceholders(text: string, vars: Vars): string {
  const missing = new Set<string>();
  const filled = text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = vars[name];
    if (value === undefined || value === '') {
      // A suffix is the one value that may be empty.
      if (value === '' && name.endsWith('_SUFFIX')) return '';
      missing.add(name);
      return '';
    }
    return value;
  });
  if (missing.size > 0) {
    throw new Error(`No value for ${[...missing].join(', ')}: provision the environment first.`);
  }
  return filled;
}

/** The parts of the manifest the package and its rules look at. */
export interface AppManifestShape {
  $schema: string;
  manifestVersion: string;
  id: string;
  version: string;
  name: { short: string; full?: string };
  icons: { color: string; outline: string };
  localizationInfo?: { additionalLanguages?: { languageTag: string; file: string }[] };
  staticTabs?: { entityId: string; contentUrl?: string }[];
  configurableTabs?: { configurationUrl: string }[];
  validDomains?: string[];
  webApplicationInfo?: { id?: string; resource?: string };
  showLoadingIndicator?: boolean;
}

export interface PackageFiles {
  manifest: AppManifestShape;
  /** Every file of the package by its name in the zip (manifest.json included). */
  files: Map<string, Buffer>;
}

/** The package's files with the variables filled in. */
export function packageFiles(vars: Vars): PackageFiles {
  const read = (name: string) => readFileSync(path.join(APP_PACKAGE_DIR, name));
  const manifestText = fillPlaceholders(read('manifest.json').toString('utf8'), vars);
  const manifest = JSON.parse(manifestText) as AppManifestShape;
  const files = new Map<string, Buffer>([['manifest.json', Buffer.from(manifestText)]]);
  for (const icon of [manifest.icons.color, manifest.icons.outline]) files.set(icon, read(icon));
  for (const language of manifest.localizationInfo?.additionalLanguages ?? []) {
    const text = fillPlaceholders(read(language.file).toString('utf8'), vars);
    files.set(language.file, Buffer.from(text));
  }
  return { manifest, files };
}

interface Png {
  width: number;
  height: number;
  colorType: number;
  /** RGBA bytes, row after row; only filled for 8-bit RGBA images. */
  rgba?: Buffer;
}

/** Reads a PNG's header, and its pixels when it is 8-bit RGBA (what icons.ts writes). */
export function readPng(bytes: Buffer): Png {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new Error('not a PNG');
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const colorType = bytes[25];
  if (bitDepth !== 8 || colorType !== 6 || bytes[28] !== 0) return { width, height, colorType };
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('ascii', at + 4, at + 8) === 'IDAT') {
      data.push(bytes.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const rgba = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x];
      const left = x >= 4 ? rgba[y * stride + x - 4] : 0;
      const up = y > 0 ? rgba[(y - 1) * stride + x] : 0;
      const upLeft = x >= 4 && y > 0 ? rgba[(y - 1) * stride + x - 4] : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter];
      rgba[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, colorType, rgba };
}

function hostOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).host.toLowerCase() : null;
  } catch {
    return null;
  }
}

function domainCovers(domain: string, host: string): boolean {
  const pattern = domain.toLowerCase();
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : pattern === host;
}

/**
 * What the schema cannot say but Teams and its Store expect of our package. Returns the
 * problems, each as a sentence; an empty list means the package is fine.
 */
export function checkPackageRules({ manifest, files }: PackageFiles): string[] {
  const problems: string[] = [];
  const m = manifest;
  if (!GUID.test(m.id)) problems.push(`id ${m.id} is not a GUID`);
  if (!/^\d+\.\d+\.\d+$/.test(m.version)) problems.push('version is not x.y.z');
  const webApp = m.webApplicationInfo;
  if (!webApp?.id || !GUID.test(webApp.id)) problems.push('webApplicationInfo.id is not a GUID');

  const tabUrls = [
    ...(m.staticTabs ?? []).map((tab) => tab.contentUrl),
    ...(m.configurableTabs ?? []).map((tab) => tab.configurationUrl),
  ].filter((url): url is string => Boolean(url));
  const tabHosts = new Set(tabUrls.map(hostOf));
  const [tabHost] = tabHosts;
  if (tabHosts.size !== 1 || !tabHost) problems.push('the tabs are not served from one host');
  for (const url of tabUrls) {
    if (!url.startsWith('https://')) problems.push(`${url} is not HTTPS`);
    if (!new URL(url).search.includes(IN_HOST_MARKER)) {
      problems.push(`${url} does not carry the in-host marker ${IN_HOST_MARKER}`);
    }
  }
  if (tabHost && hostOf(webApp?.resource) !== tabHost) {
    problems.push(`webApplicationInfo.resource is not on the tab host ${tabHost}`);
  }
  const validDomains = m.validDomains ?? [];
  if (tabHost && !validDomains.some((domain) => domainCovers(domain, tabHost))) {
    problems.push(`the tab host ${tabHost} is not in validDomains`);
  }
  for (const domain of validDomains) {
    if (domain.includes('://')) problems.push(`validDomains entry ${domain} has a scheme`);
  }
  const { name, icons } = m;
  if (/\b(teams|microsoft|outlook|office)\b/i.test(`${name.short} ${name.full ?? ''}`)) {
    problems.push('the app name uses a Microsoft product name');
  }

  const expected: [string, number][] = [
    [icons.color, 192],
    [icons.outline, 32],
  ];
  for (const [file, size] of expected) {
    const bytes = files.get(file);
    const png = bytes ? readPng(bytes) : null;
    if (!png || png.width !== size || png.height !== size) {
      problems.push(`${file} is not a ${size}x${size} PNG`);
    }
  }
  const outline = files.get(icons.outline);
  const pixels = outline ? readPng(outline).rgba : undefined;
  if (!pixels) {
    problems.push(`${icons.outline} is not an RGBA PNG`);
  } else {
    for (let at = 0; at < pixels.length; at += 4) {
      const [r, g, b, a] = pixels.subarray(at, at + 4);
      if (a > 0 && (r !== 255 || g !== 255 || b !== 255)) {
        problems.push(`${icons.outline} is not white on transparent`);
        break;
      }
    }
  }
  for (const language of m.localizationInfo?.additionalLanguages ?? []) {
    if (!files.has(language.file)) problems.push(`${language.file} is missing`);
  }
  return problems;
}

/**
 * Microsoft's localization schema (bundled by @microsoft/app-manifest) has one key pattern
 * with an unescaped `]` after `\b`, which the validator's unicode-mode regular expressions
 * refuse to compile; escaping it keeps the pattern's meaning.
 */
async function localizationSchema(url: string) {
  const schema = await AppManifestUtils.fetchSchema(url);
  return JSON.parse(JSON.stringify(schema).replaceAll('\\\\b]', '\\\\b\\\\]')) as typeof schema;
}

/** Schema problems of the manifest and of each localization file, from the bundled schemas. */
export async function schemaProblems({ manifest, files }: PackageFiles): Promise<string[]> {
  const problems = (
    await AppManifestUtils.validateAgainstSchema(manifest as unknown as TeamsManifest)
  ).map((problem) => `manifest.json${problem}`);
  for (const language of manifest.localizationInfo?.additionalLanguages ?? []) {
    const text = files.get(language.file);
    if (!text) continue;
    const localized = JSON.parse(text.toString('utf8'));
    const found = await AppManifestUtils.validateAgainstSchema(
      localized,
      await localizationSchema(localized.$schema),
    );
    problems.push(...found.map((problem) => `${language.file}${problem}`));
  }
  return problems;
}

/** Checks the filled package and writes the zip; throws with every problem found. */
export async function buildAppPackage(vars: Vars, zipPath: string): Promise<PackageFiles> {
  const contents = packageFiles(vars);
  const problems = [...(await schemaProblems(contents)), ...checkPackageRules(contents)];
  if (problems.length > 0) {
    throw new Error(`The Teams app package is not valid:\n  ${problems.join('\n  ')}`);
  }
  const zip = new JSZip();
  for (const [name, bytes] of contents.files) zip.file(name, bytes);
  mkdirSync(path.dirname(zipPath), { recursive: true });
  writeFileSync(zipPath, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return contents;
}

async function main() {
  const env = process.argv[2] ?? process.env.TEAMSFX_ENV ?? 'dev';
  const envFile = path.join(ROOT, 'env', `.env.${env}`);
  if (!existsSync(envFile)) throw new Error(`There is no ${path.relative(ROOT, envFile)}.`);
  const vars = { ...readEnvFiles(envFile, `${envFile}.user`), ...process.env };
  const zipPath = path.join(APP_PACKAGE_DIR, 'build', `appPackage.${env}.zip`);
  await buildAppPackage(vars, zipPath);
  console.log(`Wrote ${path.relative(ROOT, zipPath)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
