// `remit install|uninstall|doctor codex`.
import { commandHookSetup } from '../command-hook/setup.js';
import { doctorCodex } from './doctor.js';
import { codexInstallSpec } from './install.js';

export const codexSetup = commandHookSetup(codexInstallSpec, doctorCodex);
