import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  APP_PACKAGE_DIR,
  buildAppPackage,
  checkPackageRules,
  fillPlaceholders,
  packageFiles,
  readEnvFiles,
  readPng,
  schemaProblems,
  type PackageFiles,
} from '../../appPackage/build';
import { colorIcon, encodePng } from '../../appPackage/icons';
import { MICROSOFT_HOST_CLIENT_IDS } from '../../bot-proxy/host-clients';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = readEnvFiles(path.join(root, 'tests/fixtures/teams.env'));

type Editable = PackageFiles['manifest'] & {
  webApplicationInfo: { id: string; resource: string };
  staticTabs: { entityId: string; contentUrl: string }[];
};

/** The filled package with one change to the manifest, to see a rule catch it. */
function withManifest(change: (manifest: Editable) => void): PackageFiles {
  const contents = packageFiles(fixture);
  const manifest = structuredClone(contents.manifest) as Editable;
  change(manifest);
  return { ...contents, manifest };
}

describe('Teams app manifest', () => {
  it('validates against the official schema, localization included, offline', async () => {
    const contents = packageFiles(fixture);
    expect(contents.manifest.manifestVersion).toBe('1.25');
    expect(contents.manifest.$schema).toBe(
      'https://developer.microsoft.com/json-schemas/teams/v1.25/MicrosoftTeams.schema.json',
    );
    expect(await schemaProblems(contents)).toEqual([]);
  });

  it('follows our rules: one HTTPS tab host carrying the in-host marker, SSO on it, GUIDs', () => {
    const contents = packageFiles(fixture);
    expect(checkPackageRules(contents)).toEqual([]);
    const { manifest } = contents;
    expect(manifest.webApplicationInfo).toEqual({
      id: fixture.M365_CLIENT_ID,
      resource: fixture.M365_APPLICATION_ID_URI,
    });
    expect(manifest.showLoadingIndicator).toBe(true);
  });

  it.each([
    [
      'an SSO resource on another host',
      (m: Editable) => (m.webApplicationInfo.resource = 'api://elsewhere.example/x'),
      'webApplicationInfo.resource is not on the tab host teamloop.example.com',
    ],
    [
      'a tab host missing from validDomains',
      (m: Editable) => (m.validDomains = ['other.example.com']),
      'the tab host teamloop.example.com is not in validDomains',
    ],
    [
      'an app id that is not a GUID',
      (m: Editable) => (m.id = 'teamloop'),
      'id teamloop is not a GUID',
    ],
    [
      'an SSO client id that is not a GUID',
      (m: Editable) => (m.webApplicationInfo.id = 'x'),
      'webApplicationInfo.id is not a GUID',
    ],
    [
      'a content URL without the in-host marker',
      (m: Editable) => (m.staticTabs[0].contentUrl = 'https://teamloop.example.com/p'),
      'https://teamloop.example.com/p does not carry the in-host marker inTeams=1',
    ],
    [
      'a Microsoft product in the name',
      (m: Editable) => (m.name.short = 'Teamloop for Teams'),
      'the app name uses a Microsoft product name',
    ],
  ])('catches %s', (_name, change, problem) => {
    expect(checkPackageRules(withManifest(change))).toContain(problem);
  });

  it('has a 192x192 color icon and a 32x32 white-on-transparent outline, read from the PNGs', () => {
    const color = readPng(readFileSync(path.join(APP_PACKAGE_DIR, 'color.png')));
    const outline = readPng(readFileSync(path.join(APP_PACKAGE_DIR, 'outline.png')));
    expect([color.width, color.height]).toEqual([192, 192]);
    expect([outline.width, outline.height]).toEqual([32, 32]);
    const alphas = [...outline.rgba!].filter((_v, i) => i % 4 === 3);
    expect(alphas.some((a) => a === 0)).toBe(true);
    expect(alphas.some((a) => a === 255)).toBe(true);
    // The committed files are what icons.ts draws.
    expect(readFileSync(path.join(APP_PACKAGE_DIR, 'color.png')).equals(colorIcon())).toBe(true);
  });

  it('refuses an outline icon that is not white on transparent', () => {
    const grey = encodePng(32, () => [128, 128, 128, 255]);
    const contents = packageFiles(fixture);
    contents.files.set('outline.png', grey);
    expect(checkPackageRules(contents)).toContain('outline.png is not white on transparent');
  });

  it('names every variable that has no value, and fills an empty suffix', () => {
    expect(() =>
      fillPlaceholders('${{TEAMS_APP_ID}} ${{M365_CLIENT_ID}}', { TEAMS_APP_ID: '' }),
    ).toThrow('No value for TEAMS_APP_ID, M365_CLIENT_ID');
    expect(fillPlaceholders('Teamloop${{APP_NAME_SUFFIX}}', { APP_NAME_SUFFIX: '' })).toBe(
      'Teamloop',
    );
  });

  it('writes a zip with manifest.json, the icons and vi.json at its root, variables filled', async () => {
    const zipPath = path.join(mkdtempSync(path.join(tmpdir(), 'teams-package-')), 'app.zip');
    await buildAppPackage(fixture, zipPath);
    const zip = await JSZip.loadAsync(readFileSync(zipPath));
    expect(Object.keys(zip.files).sort()).toEqual(
      ['color.png', 'manifest.json', 'outline.png', 'vi.json'].sort(),
    );
    const manifest = await zip.file('manifest.json')!.async('string');
    expect(manifest).not.toContain('${{');
    expect(JSON.parse(manifest).id).toBe(fixture.TEAMS_APP_ID);
    const vi = JSON.parse(await zip.file('vi.json')!.async('string'));
    expect(vi['staticTabs[0].name']).toBe('Hồ sơ');
  });

  it('pre-authorizes exactly the host clients the exchange accepts', () => {
    const aad = JSON.parse(readFileSync(path.join(APP_PACKAGE_DIR, 'aad.manifest.json'), 'utf8'));
    const authorized = aad.preAuthorizedApplications.map((app: { appId: string }) => app.appId);
    expect(authorized.sort()).toEqual([...MICROSOFT_HOST_CLIENT_IDS.keys()].sort());
    expect(aad.accessTokenAcceptedVersion).toBe(2);
    expect(aad.oauth2Permissions[0].value).toBe('access_as_user');
    expect(aad.identifierUris).toEqual(['${{M365_APPLICATION_ID_URI}}']);
  });

  it('keeps secrets out of the committed environment template', () => {
    const template = readFileSync(path.join(root, 'env/.env.dev'), 'utf8');
    expect(template).not.toMatch(/^SECRET_/m);
    expect(template).not.toMatch(/^M365_CLIENT_SECRET=/m);
  });

  it('walks the Teams Toolkit lifecycle in teamsapp.yml', () => {
    const lifecycle = readFileSync(path.join(root, 'teamsapp.yml'), 'utf8');
    for (const action of [
      'teamsApp/create',
      'aadApp/create',
      'aadApp/update',
      'teamsApp/validateManifest',
      'teamsApp/zipAppPackage',
      'teamsApp/update',
    ]) {
      expect(lifecycle).toContain(`uses: ${action}`);
    }
    expect(lifecycle).toMatch(/^deploy:/m);
    expect(lifecycle).toContain('clientSecret: SECRET_M365_CLIENT_SECRET');
  });
});
