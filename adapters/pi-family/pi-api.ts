// The slice of the Pi / omp extension API remit uses, typed here so the adapters depend on no
// host package (Pi 0.74.x `@earendil-works/pi-coding-agent`, omp 18.2.x `@oh-my-pi/pi-coding-agent`).

export interface PiUi {
  confirm?(title: string, message: string): Promise<boolean>;
  notify?(message: string, type?: 'info' | 'warning' | 'error'): void;
}

export interface PiContext {
  cwd?: string;
  hasUI?: boolean;
  ui?: PiUi;
  sessionManager?: { getSessionId?(): string; getSessionFile?(): string | undefined };
}

export type PiHandler = (event: any, ctx: PiContext) => unknown;

export interface PiCommandOptions {
  description?: string;
  handler: (args: string, ctx: PiContext) => Promise<void>;
}

export interface PiApi {
  on(event: string, handler: PiHandler): void;
  registerCommand?(name: string, options: PiCommandOptions): void;
}
