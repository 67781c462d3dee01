// `remit install|uninstall|doctor copilot`.
import { commandHookSetup } from '../command-hook/setup.js';
import { doctorCopilot } from './doctor.js';
import { copilotInstallSpec } from './install.js';

export const copilotSetup = commandHookSetup(copilotInstallSpec, doctorCopilot);
