// `remit install|uninstall|doctor omp`.
import { pluginSetup } from '../plugin-host/setup.js';
import { doctorOmp, installOmp, uninstallOmp } from './install.js';

export const ompSetup = pluginSetup({ host: 'omp', install: installOmp, uninstall: uninstallOmp, doctor: doctorOmp });
