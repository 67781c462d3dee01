// `remit install|uninstall|doctor hermes`.
import { pluginSetup } from '../plugin-host/setup.js';
import { doctorHermes, installHermes, uninstallHermes } from './install.js';

export const hermesSetup = pluginSetup({ host: 'hermes', install: installHermes, uninstall: uninstallHermes, doctor: doctorHermes });
