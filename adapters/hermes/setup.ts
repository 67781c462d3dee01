// `remit install|uninstall|doctor hermes`.
import { pluginSetup } from '../pi-shared/plugin-setup.js';
import { doctorHermes, installHermes, uninstallHermes } from './install.js';

export const hermesSetup = pluginSetup({ host: 'hermes', install: installHermes, uninstall: uninstallHermes, doctor: doctorHermes });
