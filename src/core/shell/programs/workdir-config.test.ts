import { describe, expect, it } from 'vitest';
import { cargoConfigHarmless, rcConfigHarmless, yarnYmlHarmless } from './workdir-config.js';

describe('configuration found in the working folder', () => {
  it('cargo: a key that names a program, or an escape that could spell one, is not harmless', () => {
    expect(cargoConfigHarmless('[term]\ncolor = "always"\n[net]\nretry = 3\n')).toBe(true);
    for (const text of [
      '[build]\nrustc = "./x.sh"\n',
      'build.rustc-wrapper = "sccache"\n',
      'build = { rustdoc = "x" }\n',
      '[target.x86_64-unknown-linux-gnu]\nlinker = "x"\n',
      '[target.\'cfg(unix)\']\nrunner = "x"\n',
      '[env]\nLD_PRELOAD = "x.so"\n',
      '"build"."\\u0072ustc" = "x"\n',
      '[registry]\ncredential-provider = "x"\n',
      'include = "other.toml"\n',
      '[build]\ntarget-dir = "../docs"\n',
    ])
      expect(cargoConfigHarmless(text), text).toBe(false);
  });

  it('.npmrc and .yarnrc: only keys that choose a registry or how output looks', () => {
    expect(rcConfigHarmless('# c\nsave-exact=true\n@acme:registry=https://npm.acme.test/\n//npm.acme.test/:_authToken=${T}\n')).toBe(true);
    expect(rcConfigHarmless('lastUpdateCheck 1700000000000\n"@acme:registry" "https://npm.acme.test/"\n')).toBe(true);
    expect(rcConfigHarmless('auto-install-peers=true\nstrict-peer-dependencies=false\npublic-hoist-pattern[]=*eslint*\n')).toBe(true);
    for (const text of [
      'script-shell=./x.sh\n',
      'node-options=--require ./x.js\n',
      'yarn-path "./x.js"\n',
      '--install.modules-folder x\n',
      'logs-dir=../docs\n',
      'prefix=/tmp\n',
    ])
      expect(rcConfigHarmless(text), text).toBe(false);
  });

  it('.yarnrc.yml: yarnPath, plugins and anything unlisted are not harmless', () => {
    expect(yarnYmlHarmless('nodeLinker: node-modules\nnpmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.test"\n')).toBe(true);
    for (const text of ['yarnPath: .yarn/releases/x.cjs\n', 'plugins:\n  - path: x.cjs\n', 'injectEnvironmentFiles:\n  - .env\n', 'cacheFolder: ../docs\n'])
      expect(yarnYmlHarmless(text), text).toBe(false);
  });
});
