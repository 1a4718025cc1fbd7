/**
 * The Microsoft 365 host applications that may ask Entra ID for a Teams SSO token on our
 * behalf (the "authorized client applications" of the Teams tab SSO docs). A token whose
 * `azp`/`appid` is anything else was not obtained through a Teams or Office host, so the
 * exchange refuses it. aad.manifest.json pre-authorizes the same list.
 */
export const MICROSOFT_HOST_CLIENT_IDS: ReadonlyMap<string, string> = new Map([
  ['1fec8e78-bce4-4aaf-ab1b-5451cc387264', 'Teams desktop and mobile'],
  ['5e3ce6c0-2b1f-4285-8d4b-75ee78787346', 'Teams web'],
  ['4765445b-32c6-49b0-83e6-1d93765276ca', 'Microsoft 365 web'],
  ['0ec893e0-5785-4de6-99da-4ed124e5296c', 'Microsoft 365 desktop'],
  ['d3590ed6-52b3-4102-aeff-aad2292ab01c', 'Microsoft 365 mobile and Outlook desktop'],
  ['bc59ab01-8403-45c6-8796-ac3ef710b3e3', 'Outlook web'],
  ['27922004-5251-4030-b22d-91ecd9a37ea4', 'Outlook mobile'],
]);

export function isMicrosoftHostClient(clientId: unknown): boolean {
  return typeof clientId === 'string' && MICROSOFT_HOST_CLIENT_IDS.has(clientId.toLowerCase());
}
