import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { installChunkReload } from '@/lib/chunk-reload';
import { installClientErrorReporting, reportClientProblem } from '@/lib/client-log';
import { markOperatingSystem } from '@/lib/device';
import { initI18n } from '@/lib/i18n';
import { installNetworkWatch } from '@/lib/network';

installClientErrorReporting();
installChunkReload();
installNetworkWatch();
markOperatingSystem();

await initI18n();

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
