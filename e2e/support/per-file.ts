import { forgetSharedLogins } from './browser.ts';

// Runs before every test file, also where a worker's files share one process and so this module's imports.
forgetSharedLogins();
