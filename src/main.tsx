import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { themeReady } from '@/app/ThemeProvider';
import { installChunkReload } from '@/lib/chunk-reload';
import { installClientErrorReporting, reportClientProblem } from '@/lib/client-log';
import { markOperatingSystem } from '@/lib/device';
import { initI18n } from '@/lib/i18n';
import { installNetworkWatch } from '@/lib/network';
import { connectHost, reportLoaded, signInThroughHost } from '@tabs/host';

installClientErrorReporting();
installChunkReload();
installNetworkWatch();
markOperatingSystem();

// Inside Teams (or another Microsoft 365 host): its theme and language, and SSO, first.
const host = await connectHost();
// The host frame's own words (sign-in state, consent) only matter inside a host.
// The starting theme's colours too (only the default one ships with the shell).
await Promise.all([
  initI18n(host.language, host.mode === 'host' ? ['teams-host'] : []),
  themeReady(),
]);
await signInThroughHost();

createRoot(document.getElementById('root')!, {
  // Spec 8: framework errors and warnings go to the server log, spelled as the spec has them.
  onCaughtError: (error) => reportClientProblem('client erorr', error, 'react caught'),
  onUncaughtError: (error) => reportClientProblem('client erorr', error, 'react uncaught'),
  onRecoverableError: (error) => reportClientProblem('client warning', error, 'react recoverable'),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
reportLoaded();
