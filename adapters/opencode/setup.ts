// `remit install|uninstall|doctor opencode`.
import { pluginSetup } from '../plugin-host/setup.js';
import { doctorOpencode, installOpencode, uninstallOpencode } from './install.js';

export const opencodeSetup = pluginSetup({ host: 'opencode', install: installOpencode, uninstall: uninstallOpencode, doctor: doctorOpencode });
