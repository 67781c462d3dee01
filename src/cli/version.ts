// Replaced at build time with package.json's version; the fallback serves tests run from source.
declare const __REMIT_VERSION__: string | undefined;
export const REMIT_VERSION: string = typeof __REMIT_VERSION__ === 'string' ? __REMIT_VERSION__ : '0.0.0-dev';
