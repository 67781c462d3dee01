// `remit install|uninstall|doctor pi`.
import { pluginSetup } from '../plugin-host/setup.js';
import { doctorPi, installPi, uninstallPi } from './install.js';

export const piSetup = pluginSetup({ host: 'pi', install: installPi, uninstall: uninstallPi, doctor: doctorPi });
