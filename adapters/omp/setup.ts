// `remit install|uninstall|doctor omp`.
import { pluginSetup } from '../pi-shared/plugin-setup.js';
import { doctorOmp, installOmp, uninstallOmp } from './install.js';

export const ompSetup = pluginSetup({ host: 'omp', install: installOmp, uninstall: uninstallOmp, doctor: doctorOmp });
