// `remit install|uninstall|doctor gemini`.
import { commandHookSetup } from '../command-hook/setup.js';
import { doctorGemini } from './doctor.js';
import { geminiInstallSpec } from './install.js';

export const geminiSetup = commandHookSetup(geminiInstallSpec, doctorGemini);
