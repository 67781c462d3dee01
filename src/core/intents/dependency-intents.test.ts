import { describe, expect, it } from 'vitest';
import { parsePatch } from '../patch/parse-patch.js';
import { fragmentIntents, patchFileIntents, wholeFileIntents } from './file-intents.js';
import { isLockfile, isUnmodeledManifest, manifestKind } from './manifest-kind.js';
import { normalizePythonName, pep508Name } from './package-names.js';

const dep = (r: { dependency: boolean }) => r.dependency;

function patch(text: string) {
  const r = parsePatch(text, 'apply_patch');
  if (!r.ok) throw new Error('patch did not parse');
  return r.files[0]!;
}

describe('manifest kinds', () => {
  it.each([
    ['package.json', 'npm'],
    ['web/composer.json', 'composer'],
    ['pyproject.toml', 'pyproject'],
    ['requirements.txt', 'requirements'],
    ['requirements-dev.txt', 'requirements'],
    ['dev-requirements.in', 'requirements'],
    ['requirements/test.txt', 'requirements'],
    ['crates/x/Cargo.toml', 'cargo'],
    ['go.mod', 'gomod'],
    ['Gemfile', 'gemfile'],
    ['app.gemspec', 'gemspec'],
    ['pom.xml', 'maven'],
    ['build.gradle', 'gradle'],
    ['app/build.gradle.kts', 'gradle'],
    ['src/App.csproj', 'dotnet'],
    ['C:\\repo\\package.json', 'npm'],
  ])('%s is %s', (path, kind) => {
    expect(manifestKind(path)).toBe(kind);
  });

  it('names no kind for lockfiles or ordinary files', () => {
    for (const p of [
      'package-lock.json',
      'pnpm-lock.yaml',
      'yarn.lock',
      'Cargo.lock',
      'poetry.lock',
      'go.sum',
      'Gemfile.lock',
      'composer.lock',
      'uv.lock',
      'bun.lockb',
    ]) {
      expect(isLockfile(p)).toBe(true);
      expect(manifestKind(p)).toBeUndefined();
    }
    expect(manifestKind('notes.txt')).toBeUndefined();
    expect(manifestKind('package.json.bak')).toBeUndefined();
  });

  it('registry settings and manifests remit does not parse: any change is a dependency change', () => {
    for (const p of [
      '.npmrc',
      '.yarnrc.yml',
      'bunfig.toml',
      'pip.conf',
      'mix.exs',
      'Package.swift',
      'Podfile',
      'go.work',
      'Chart.yaml',
      'x/foo.cabal',
      'a.rockspec',
    ]) {
      expect({ p, m: isUnmodeledManifest(p) }).toEqual({ p, m: true });
    }
    expect(isUnmodeledManifest('notes.txt')).toBe(false);
    expect(wholeFileIntents('.npmrc', 'fund=false\n', 'registry=https://evil.example/\n').dependency).toBe(true);
    expect(wholeFileIntents('mix.exs', undefined, 'defmodule X do end\n').dependency).toBe(true);
    expect(fragmentIntents('.yarnrc.yml', 'a: 1', 'npmRegistryServer: https://evil').dependency).toBe(true);
    expect(wholeFileIntents('.npmrc', 'fund=false\n', 'fund=false\n').dependency).toBe(false);
    // A lockfile written by hand can point a pinned package at another source.
    expect(fragmentIntents('package-lock.json', '"resolved": "https://registry.npmjs.org/x"', '"resolved": "https://evil.example/x"').dependency).toBe(true);
  });
});

describe('PEP 508 names', () => {
  it('normalises case and separators', () => {
    expect(normalizePythonName('Requests')).toBe('requests');
    expect(normalizePythonName('zope.interface')).toBe(normalizePythonName('Zope_Interface'));
    expect(pep508Name('Django[argon2] >= 4.2 ; python_version > "3.8"')).toBe('django');
    expect(pep508Name('pkg @ https://example.com/pkg.whl')).toBe('pkg');
    expect(pep508Name('https://example.com/x.whl')).toBeUndefined();
    expect(pep508Name('flask', true)).toBeUndefined();
    expect(pep508Name('flask>=2', true)).toBe('flask');
  });
});

describe('package.json', () => {
  const old = JSON.stringify(
    { name: 'app', version: '1.0.0', dependencies: { lodash: '^4.17.21', react: '^18.0.0' }, devDependencies: { vitest: '^1.0.0' } },
    null,
    2,
  );

  it('a new name is an intent, with a fact naming it', () => {
    const next = old.replace('"react": "^18.0.0"', '"react": "^18.0.0",\n    "left-pad": "^1.3.0"');
    const r = wholeFileIntents('package.json', old, next);
    expect(r.dependency).toBe(true);
    expect(r.dependencyFact).toBe('package.json adds "left-pad"');
    expect(r.hash).toBe(false);
  });

  it('a version bump, a removal or a reorder is not', () => {
    expect(dep(wholeFileIntents('package.json', old, old.replace('^4.17.21', '^4.18.0')))).toBe(false);
    expect(dep(wholeFileIntents('package.json', old, old.replace(',\n    "react": "^18.0.0"', '')))).toBe(false);
    const reordered = JSON.stringify({
      name: 'app',
      version: '1.0.0',
      devDependencies: { vitest: '^1.0.0' },
      dependencies: { react: '^18.0.0', lodash: '^4.17.21' },
    });
    expect(dep(wholeFileIntents('package.json', old, reordered))).toBe(false);
  });

  it('moving a package between dependency groups is not a new name', () => {
    const moved = JSON.stringify({ dependencies: { lodash: '^4', react: '^18', vitest: '^1' } });
    expect(dep(wholeFileIntents('package.json', old, moved))).toBe(false);
  });

  it('every dependency field counts; non-dependency fields do not', () => {
    for (const field of ['optionalDependencies', 'peerDependencies']) {
      expect(dep(wholeFileIntents('package.json', '{}', JSON.stringify({ [field]: { x: '1' } })))).toBe(true);
    }
    expect(dep(wholeFileIntents('package.json', '{}', JSON.stringify({ bundleDependencies: ['x'] })))).toBe(true);
    expect(dep(wholeFileIntents('package.json', '{}', JSON.stringify({ scripts: { test: 'vitest' }, engines: { node: '>=20' } })))).toBe(false);
  });

  it('a new package.json with dependencies is an intent; one without is not', () => {
    expect(dep(wholeFileIntents('package.json', undefined, '{"dependencies":{"express":"^4"}}'))).toBe(true);
    expect(dep(wholeFileIntents('package.json', undefined, '{"name":"x","version":"1.0.0"}'))).toBe(false);
  });

  it('malformed JSON falls back to the scanner and never throws', () => {
    const broken = '{\n  "dependencies": {\n    "lodash": "^4",\n    "chalk": "^5",\n  },\n}';
    expect(dep(wholeFileIntents('package.json', '{"dependencies":{"lodash":"^4"}}', broken))).toBe(true);
    expect(dep(wholeFileIntents('package.json', '{"dependencies":{"lodash":"^4"}}', '{{{{ "'))).toBe(false);
  });

  it('an edit adding a dependency line is an intent; with the full file it is placed exactly', () => {
    const r = fragmentIntents('package.json', '"react": "^18.0.0"', '"react": "^18.0.0",\n    "left-pad": "^1.3.0"', old);
    expect(r.dependency).toBe(true);
    expect(r.dependencyFact).toContain('left-pad');
    // Without the file: an unplaced "name": "range" pair still reads as a dependency.
    expect(dep(fragmentIntents('package.json', '"react": "^18.0.0"', '"react": "^18.0.0",\n "left-pad": "^1.3.0"'))).toBe(true);
  });

  it('an edit that only changes a version, or touches scripts or the own version, is not', () => {
    expect(dep(fragmentIntents('package.json', '"lodash": "^4.17.21"', '"lodash": "^4.18.0"', old))).toBe(false);
    expect(dep(fragmentIntents('package.json', '"lodash": "^4.17.21"', '"lodash": "^4.18.0"'))).toBe(false);
    expect(dep(fragmentIntents('package.json', '"version": "1.0.0"', '"version": "1.1.0"'))).toBe(false);
    expect(dep(fragmentIntents('package.json', '"test": "vitest"', '"test": "vitest run"'))).toBe(false);
  });

  it('a re-added line that exists elsewhere in the full file is not new', () => {
    const r = fragmentIntents('package.json', '"vitest": "^1.0.0"', '"vitest": "^1.0.0",\n    "lodash": "^4.17.21"', old + '\n');
    expect(r.dependency).toBe(false);
  });
});

describe('composer.json', () => {
  const old = '{"require":{"php":">=8.1","monolog/monolog":"^3.0"}}';
  it('a new package is an intent; a platform requirement or a bump is not', () => {
    expect(dep(wholeFileIntents('composer.json', old, '{"require":{"php":">=8.1","monolog/monolog":"^3.0"},"require-dev":{"phpunit/phpunit":"^10"}}'))).toBe(
      true,
    );
    expect(dep(wholeFileIntents('composer.json', old, '{"require":{"php":">=8.2","ext-json":"*","monolog/monolog":"^3.1"}}'))).toBe(false);
    expect(dep(wholeFileIntents('composer.json', old, '{"require":{"php":">=8.1","Monolog/Monolog":"^3.0"}}'))).toBe(false);
  });
});

describe('pyproject.toml', () => {
  const old = [
    '[project]',
    'name = "app"',
    'version = "0.1.0"',
    'dependencies = [',
    '  "requests>=2.31",',
    '  "click",',
    ']',
    '',
    '[project.optional-dependencies]',
    'dev = ["pytest>=8"]',
    '',
    '[tool.poetry.dependencies]',
    'python = "^3.11"',
    'httpx = "^0.27"',
  ].join('\n');

  it('a new [project] dependency is an intent; a version change is not', () => {
    expect(dep(wholeFileIntents('pyproject.toml', old, old.replace('"click",', '"click",\n  "rich>=13",')))).toBe(true);
    expect(dep(wholeFileIntents('pyproject.toml', old, old.replace('requests>=2.31', 'requests>=2.32')))).toBe(false);
  });

  it('compares PEP 508 names normalised: Requests == requests, zope_interface == zope.interface', () => {
    expect(dep(wholeFileIntents('pyproject.toml', old, old.replace('"requests>=2.31"', '"Requests[socks]>=2.31"')))).toBe(false);
    const a = '[project]\ndependencies = ["zope.interface"]';
    expect(dep(wholeFileIntents('pyproject.toml', a, '[project]\ndependencies = ["Zope_Interface>=6"]'))).toBe(false);
  });

  it('optional dependencies, dependency groups and every Poetry table count', () => {
    expect(dep(wholeFileIntents('pyproject.toml', old, old.replace('dev = ["pytest>=8"]', 'dev = ["pytest>=8", "ruff"]')))).toBe(true);
    expect(dep(wholeFileIntents('pyproject.toml', old, old + '\n\n[dependency-groups]\nlint = ["mypy"]\n'))).toBe(true);
    expect(dep(wholeFileIntents('pyproject.toml', old, old + '\n\n[tool.poetry.group.test.dependencies]\nhypothesis = "^6"\n'))).toBe(true);
    expect(dep(wholeFileIntents('pyproject.toml', old, old + '\n\n[tool.poetry.dev-dependencies]\nblack = "^24"\n'))).toBe(true);
    expect(dep(wholeFileIntents('pyproject.toml', old, old.replace('python = "^3.11"', 'python = "^3.12"')))).toBe(false);
  });

  it('an edit adding an element to the dependencies array is an intent', () => {
    expect(dep(fragmentIntents('pyproject.toml', '  "click",', '  "click",\n  "rich>=13",', old))).toBe(true);
    expect(dep(fragmentIntents('pyproject.toml', '  "click",', '  "click",\n  "rich>=13",'))).toBe(true);
    expect(dep(fragmentIntents('pyproject.toml', '"requests>=2.31"', '"requests>=2.32"'))).toBe(false);
  });

  it('malformed TOML falls back to the line scanner', () => {
    const broken = '[project]\ndependencies = [\n  "requests",\n  "flask",\n]\nname = = "x"';
    expect(dep(wholeFileIntents('pyproject.toml', '[project]\ndependencies = ["requests"]', broken))).toBe(true);
  });
});

describe('requirements.txt', () => {
  const old = '# pinned\nrequests==2.31.0\n-r base.txt\n-e ./local\nclick>=8\n';
  it('a new name is an intent; comments, options, bumps and reorders are not', () => {
    expect(dep(wholeFileIntents('requirements.txt', old, old + 'rich==13.0\n'))).toBe(true);
    expect(dep(wholeFileIntents('requirements.txt', old, old.replace('2.31.0', '2.32.0')))).toBe(false);
    expect(dep(wholeFileIntents('requirements.txt', old, 'click>=8\n-e ./local\nrequests==2.31.0\n'))).toBe(false);
    expect(dep(wholeFileIntents('requirements.txt', old, old + '# rich is nice\n--index-url https://pypi.org/simple\n-r other.txt\n'))).toBe(false);
    expect(dep(wholeFileIntents('requirements-dev.in', old, old.replace('requests', 'Requests')))).toBe(false);
  });
  it('an edit appending a requirement is an intent', () => {
    expect(dep(fragmentIntents('requirements.txt', 'click>=8', 'click>=8\nhttpx'))).toBe(true);
  });
});

describe('Cargo.toml', () => {
  const old = [
    '[package]',
    'name = "app"',
    'version = "0.1.0"',
    'edition = "2021"',
    '',
    '[dependencies]',
    'serde = { version = "1", features = ["derive"] }',
    'tokio = "1"',
    '',
    '[package.metadata.docs]',
    'rand = "0.8"',
  ].join('\n');

  it('a new crate in any dependency table is an intent', () => {
    expect(dep(wholeFileIntents('Cargo.toml', old, old.replace('tokio = "1"', 'tokio = "1"\nanyhow = "1"')))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', old, old + '\n\n[dev-dependencies]\ninsta = "1"'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', old, old + '\n\n[build-dependencies]\ncc = "1"'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', old, old + '\n\n[target.\'cfg(unix)\'.dependencies]\nlibc = "0.2"'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', old, old + '\n\n[workspace.dependencies]\nitertools = "0.12"'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', old, old + '\n\n[dependencies.regex]\nversion = "1"'))).toBe(true);
  });

  it('whole files are read with a TOML parser: inline tables count, text inside strings does not', () => {
    expect(dep(wholeFileIntents('Cargo.toml', '[package]\nname = "a"', 'dependencies = { serde = "1" }\n[package]\nname = "a"'))).toBe(true);
    const described = '[package]\nname = "a"\ndescription = """\n[dependencies]\nfoo = "1"\n"""';
    expect(dep(wholeFileIntents('Cargo.toml', '[package]\nname = "a"', described))).toBe(false);
  });

  it('a version change, a removal or a spelling of the same crate is not', () => {
    expect(dep(wholeFileIntents('Cargo.toml', old, old.replace('tokio = "1"', 'tokio = "1.38"')))).toBe(false);
    expect(dep(wholeFileIntents('Cargo.toml', old, old.replace('tokio = "1"\n', '')))).toBe(false);
    const dashed = '[dependencies]\nserde-json = "1"';
    expect(dep(wholeFileIntents('Cargo.toml', dashed, '[dependencies]\nserde_json = "1.0.1"'))).toBe(false);
  });

  it('moving a line from [package.metadata] into [dependencies] is an intent (edit with and without the file)', () => {
    const oldFragment = '[package.metadata.docs]\nrand = "0.8"';
    const newFragment = '[dependencies.extra]\nversion = "1"\n\n[dependencies]\nrand = "0.8"';
    expect(dep(fragmentIntents('Cargo.toml', oldFragment, newFragment, old))).toBe(true);
    expect(dep(fragmentIntents('Cargo.toml', '[package.metadata.docs]\nrand = "0.8"', '[dependencies]\nrand = "0.8"'))).toBe(true);
    // And back again is not.
    expect(dep(fragmentIntents('Cargo.toml', '[dependencies]\nrand = "0.8"', '[package.metadata.docs]\nrand = "0.8"'))).toBe(false);
  });

  it('an unplaced fragment line counts only when it reads as a version requirement', () => {
    expect(dep(fragmentIntents('Cargo.toml', 'tokio = "1"', 'tokio = "1"\nanyhow = "1.0"'))).toBe(true);
    expect(dep(fragmentIntents('Cargo.toml', 'edition = "2018"', 'edition = "2021"'))).toBe(false);
    expect(dep(fragmentIntents('Cargo.toml', 'opt-level = 2', 'opt-level = 3\nlto = "fat"'))).toBe(false);
  });

  it('a patch hunk under an @@ [dependencies] header is an intent, resolved with the old file', () => {
    const f = patch('*** Begin Patch\n*** Update File: Cargo.toml\n@@ [dependencies]\n tokio = "1"\n+anyhow = "1"\n*** End Patch');
    expect(dep(patchFileIntents(f, old))).toBe(true);
    expect(dep(patchFileIntents(f))).toBe(true);
    const bump = patch('*** Begin Patch\n*** Update File: Cargo.toml\n@@ [dependencies]\n-tokio = "1"\n+tokio = "1.38"\n*** End Patch');
    expect(dep(patchFileIntents(bump, old))).toBe(false);
    expect(dep(patchFileIntents(bump))).toBe(false);
  });
});

describe('go.mod', () => {
  const old =
    'module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n\tgolang.org/x/sync v0.7.0 // indirect\n)\n\nrequire github.com/pkg/errors v0.9.1\n';
  it('a new module in a require block or line is an intent; a bump or an exclude is not', () => {
    expect(dep(wholeFileIntents('go.mod', old, old.replace('cobra v1.8.0', 'cobra v1.8.0\n\tgithub.com/google/uuid v1.6.0')))).toBe(true);
    expect(dep(wholeFileIntents('go.mod', old, old + 'require golang.org/x/text v0.15.0\n'))).toBe(true);
    expect(dep(wholeFileIntents('go.mod', old, old.replace('v1.8.0', 'v1.8.1')))).toBe(false);
    expect(dep(wholeFileIntents('go.mod', old, old + 'exclude (\n\tgithub.com/bad/mod v1.0.0\n)\n'))).toBe(false);
  });
  it('an edit adding a line inside the require block is an intent', () => {
    expect(dep(fragmentIntents('go.mod', '\tgithub.com/spf13/cobra v1.8.0', '\tgithub.com/spf13/cobra v1.8.0\n\tgithub.com/google/uuid v1.6.0'))).toBe(true);
  });
});

describe('Gemfile, pom.xml, Gradle, csproj', () => {
  it('Gemfile: gem "x" added is an intent; a version change is not', () => {
    const old = "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n";
    expect(dep(wholeFileIntents('Gemfile', old, old + 'gem "sidekiq"\n'))).toBe(true);
    expect(dep(wholeFileIntents('Gemfile', old, old.replace('7.1', '7.2')))).toBe(false);
    expect(dep(wholeFileIntents('Gemfile', old, old + '# gem "sidekiq"\n'))).toBe(false);
  });

  it('pom.xml: a new groupId:artifactId is an intent; dependencyManagement and a version bump are not', () => {
    const dependency = (g: string, a: string, v: string) =>
      `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`;
    const old = `<project><dependencies>${dependency('org.slf4j', 'slf4j-api', '2.0.9')}</dependencies></project>`;
    expect(dep(wholeFileIntents('pom.xml', old, old.replace('</dependencies>', dependency('com.google.guava', 'guava', '33.0') + '</dependencies>')))).toBe(
      true,
    );
    expect(dep(wholeFileIntents('pom.xml', old, old.replace('2.0.9', '2.0.12')))).toBe(false);
    const managed = old.replace(
      '<dependencies>',
      `<dependencyManagement><dependencies>${dependency('x', 'bom', '1')}</dependencies></dependencyManagement><dependencies>`,
    );
    expect(dep(wholeFileIntents('pom.xml', old, managed))).toBe(false);
    expect(dep(wholeFileIntents('pom.xml', old, old.replace('</dependencies>', `<!-- ${dependency('a', 'b', '1')} --></dependencies>`)))).toBe(false);
  });

  it('Gradle: every configuration and both coordinate forms count; a version bump does not', () => {
    const old = 'dependencies {\n    implementation "org.slf4j:slf4j-api:2.0.9"\n    testImplementation("junit:junit:4.13.2")\n}\n';
    expect(dep(wholeFileIntents('build.gradle', old, old.replace('}', '    api "com.google.guava:guava:33.0-jre"\n}')))).toBe(true);
    expect(
      dep(wholeFileIntents('build.gradle.kts', old, old.replace('}', '    compileOnly(group = "org.projectlombok", name = "lombok", version = "1.18.30")\n}'))),
    ).toBe(true);
    expect(dep(wholeFileIntents('build.gradle', old, old.replace('}', '    runtimeOnly(libs.postgres.driver)\n}')))).toBe(true);
    expect(dep(wholeFileIntents('build.gradle', old, old.replace('2.0.9', '2.0.12')))).toBe(false);
    expect(dep(wholeFileIntents('build.gradle', old, old.replace('}', '    // implementation "a:b:1"\n    implementation project(":core")\n}')))).toBe(false);
  });

  it('csproj: a new PackageReference is an intent; a Version change is not', () => {
    const old = '<Project><ItemGroup><PackageReference Include="Serilog" Version="3.1.1" /></ItemGroup></Project>';
    expect(
      dep(wholeFileIntents('App.csproj', old, old.replace('</ItemGroup>', '<PackageReference Version="13.0.3" Include="Newtonsoft.Json" /></ItemGroup>'))),
    ).toBe(true);
    expect(dep(wholeFileIntents('App.csproj', old, old.replace('3.1.1', '4.0.0')))).toBe(false);
    expect(dep(wholeFileIntents('App.csproj', old, old.replace('Include="Serilog"', 'Include="serilog"')))).toBe(false);
  });
});

describe('lockfiles, moves and patches', () => {
  it('a lockfile written by a write tool is a dependency change: it can point a pinned package at another source', () => {
    // No package name is read from it (the manifest is where a new name appears), but the next
    // restore installs whatever its resolved URLs and integrity hashes say (issue 9 principle 9).
    expect(
      dep(wholeFileIntents('package-lock.json', undefined, '{"packages":{"node_modules/left-pad":{"version":"1.3.0"}},"dependencies":{"left-pad":{}}}')),
    ).toBe(true);
    expect(dep(wholeFileIntents('Cargo.lock', '', '[[package]]\nname = "rand"\nversion = "0.8.5"\n'))).toBe(true);
    expect(dep(fragmentIntents('yarn.lock', '', 'left-pad@^1.3.0:\n  version "1.3.0"'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.lock', 'x\n', 'x\n'))).toBe(false);
  });

  it('an Add File of a manifest is judged on its content', () => {
    const f = patch('*** Begin Patch\n*** Add File: package.json\n+{"dependencies": {"express": "^4"}}\n*** End Patch');
    expect(dep(patchFileIntents(f))).toBe(true);
    // Over an identical existing file (Codex's Add overwrites): nothing new.
    expect(dep(patchFileIntents(f, '{"dependencies": {"express": "^4.0"}}'))).toBe(false);
  });

  it('a move from manifest.txt to package.json with dependencies is an intent; a plain rename of a manifest is not', () => {
    const content = '{"dependencies": {"express": "^4"}}';
    const v4a = parsePatch('*** Begin Patch\n*** Move File: manifest.txt -> package.json\n*** End Patch', 'v4a');
    expect(v4a.ok).toBe(true);
    const move = v4a.ok ? v4a.files[0]! : undefined!;
    expect(patchFileIntents(move, content)).toMatchObject({ dependency: true, dependencyFact: 'package.json adds "express"' });
    expect(patchFileIntents(move)).toMatchObject({ dependency: true, dependencyFact: 'manifest.txt becomes manifest package.json (contents not read)' });
    const rename = parsePatch('*** Begin Patch\n*** Move File: old/package.json -> new/package.json\n*** End Patch', 'v4a');
    expect(rename.ok && dep(patchFileIntents(rename.files[0]!, content))).toBe(false);
  });

  it('a deleted manifest is never an intent', () => {
    expect(dep(patchFileIntents(patch('*** Begin Patch\n*** Delete File: package.json\n*** End Patch'), '{"dependencies":{"a":"1"}}'))).toBe(false);
  });

  it('a dependency moved between hunks of one patch is not new', () => {
    const old = '{\n  "dependencies": {\n    "a": "1",\n    "b": "1"\n  },\n  "devDependencies": {\n    "c": "1"\n  }\n}';
    const f = patch(
      [
        '*** Begin Patch',
        '*** Update File: package.json',
        '@@',
        '-    "a": "1",',
        '     "b": "1"',
        '@@',
        '     "c": "1"',
        '+    ,"a": "1"',
        '*** End Patch',
      ].join('\n'),
    );
    expect(dep(patchFileIntents(f, old))).toBe(false);
  });

  it('a unified diff adding a requirement is an intent', () => {
    const r = parsePatch('--- a/requirements.txt\n+++ b/requirements.txt\n@@ -1 +1,2 @@\n requests==2.31.0\n+pyyaml>=6\n', 'unified');
    expect(r.ok && patchFileIntents(r.files[0]!, 'requests==2.31.0\n').dependencyFact).toBe('requirements.txt adds "pyyaml"');
  });
});

describe('source swaps and new manifests (issue 9 principle 9)', () => {
  it('npm: an npm:/github: specifier on an existing name, and overrides, are dependency changes', () => {
    const old = JSON.stringify({ dependencies: { lodash: '^4.17.0' } }, null, 2);
    expect(dep(wholeFileIntents('package.json', old, old.replace('^4.17.0', 'npm:lodash-evil@^4.17.0')))).toBe(true);
    expect(dep(wholeFileIntents('package.json', old, old.replace('^4.17.0', 'github:me/lodash')))).toBe(true);
    expect(dep(wholeFileIntents('package.json', old, old.replace('^4.17.0', '^4.17.21')))).toBe(false);
    const withOverrides = JSON.stringify({ dependencies: { lodash: '^4.17.0' }, overrides: { minimist: '1.2.8' } }, null, 2);
    expect(dep(wholeFileIntents('package.json', old, withOverrides))).toBe(true);
    const pnpm = JSON.stringify({ dependencies: { lodash: '^4.17.0' }, pnpm: { overrides: { 'a>b': 'npm:c@1' } } });
    expect(wholeFileIntents('package.json', old, pnpm)).toMatchObject({ dependency: true });
    expect(dep(fragmentIntents('package.json', '"lodash": "^4.17.0"', '"lodash": "npm:lodash-evil@4"'))).toBe(true);
    expect(dep(fragmentIntents('package.json', '"lodash": "^4.17.0"', '"lodash": "^4.18.0"'))).toBe(false);
  });
  it('go.mod replace and Cargo [patch]/[replace] are dependency changes; a bump of the replacement is not', () => {
    const old = 'module m\n\nrequire github.com/pkg/errors v0.9.1\n';
    expect(dep(wholeFileIntents('go.mod', old, old + 'replace github.com/pkg/errors => github.com/evil/errors v0.9.1\n'))).toBe(true);
    expect(
      dep(wholeFileIntents('go.mod', old + 'replace github.com/pkg/errors => ../errors\n', old + 'replace (\n\tgithub.com/pkg/errors => ../errors\n)\n')),
    ).toBe(false);
    expect(dep(fragmentIntents('go.mod', '', 'replace github.com/pkg/errors => ../errors'))).toBe(true);
    const cargo = '[package]\nname = "a"\n\n[dependencies]\nserde = "1"\n';
    expect(dep(wholeFileIntents('Cargo.toml', cargo, cargo + '\n[patch.crates-io]\nserde = { git = "https://example.invalid/serde" }\n'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', cargo, cargo.replace('serde = "1"', 'serde = { git = "https://example.invalid/serde" }')))).toBe(true);
    expect(dep(fragmentIntents('Cargo.toml', '[dependencies]\nserde = "1"', '[dependencies]\nserde = { path = "../serde" }'))).toBe(true);
    expect(dep(wholeFileIntents('Cargo.toml', cargo, cargo.replace('"1"', '"1.0.200"')))).toBe(false);
  });
  it('deno.json imports, setup.py, conda environment.yml, gradle catalogs, pubspec.yaml and Directory.Packages.props are tracked', () => {
    expect(manifestKind('deno.json')).toBe('deno');
    expect(manifestKind('setup.py')).toBe('setuppy');
    expect(manifestKind('environment.yml')).toBe('conda');
    expect(manifestKind('gradle/libs.versions.toml')).toBe('gradle-catalog');
    expect(manifestKind('pubspec.yaml')).toBe('pubspec');
    expect(manifestKind('Directory.Packages.props')).toBe('dotnet');
    expect(isLockfile('pubspec.lock')).toBe(true);

    const deno = '{ "imports": { "@std/path": "jsr:@std/path@^1.0.0" } }';
    expect(dep(wholeFileIntents('deno.json', deno, deno.replace('} }', ', "chalk": "npm:chalk@5" } }')))).toBe(true);
    expect(dep(wholeFileIntents('deno.json', deno, deno.replace('^1.0.0', '^1.0.8')))).toBe(false);

    const setup = 'from setuptools import setup\nsetup(name="a", install_requires=["requests>=2"], extras_require={"dev": ["pytest"]})\n';
    expect(dep(wholeFileIntents('setup.py', setup, setup.replace('"requests>=2"', '"requests>=2", "left-pad"')))).toBe(true);
    expect(dep(wholeFileIntents('setup.py', setup, setup.replace('"pytest"', '"pytest", "hypothesis"')))).toBe(true);
    expect(dep(wholeFileIntents('setup.py', setup, setup.replace('>=2', '>=2.31')))).toBe(false);
    expect(dep(wholeFileIntents('setup.py', setup, setup.replace('name="a"', 'name="b"')))).toBe(false);

    const env = 'name: app\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.11\n  - numpy=1.26\n  - pip:\n    - requests==2.31\n';
    expect(dep(wholeFileIntents('environment.yml', env, env.replace('  - numpy=1.26\n', '  - numpy=1.26\n  - scipy\n')))).toBe(true);
    expect(dep(wholeFileIntents('environment.yml', env, env + '    - httpx\n'))).toBe(true);
    expect(dep(wholeFileIntents('environment.yml', env, env.replace('conda-forge', 'evil-channel')))).toBe(true);
    expect(dep(wholeFileIntents('environment.yml', env, env.replace('numpy=1.26', 'numpy=1.27').replace('python=3.11', 'python=3.12')))).toBe(false);

    const catalog =
      '[versions]\nktor = "2.3.0"\n\n[libraries]\nktor-core = { module = "io.ktor:ktor-server-core", version.ref = "ktor" }\n\n[plugins]\nkotlin = { id = "org.jetbrains.kotlin.jvm", version = "1.9.0" }\n';
    expect(
      dep(wholeFileIntents('gradle/libs.versions.toml', catalog, catalog.replace('[plugins]', 'okhttp = "com.squareup.okhttp3:okhttp:4.12.0"\n\n[plugins]'))),
    ).toBe(true);
    expect(dep(wholeFileIntents('gradle/libs.versions.toml', catalog, catalog.replace('2.3.0', '2.3.12')))).toBe(false);
    expect(dep(fragmentIntents('gradle/libs.versions.toml', '', 'okhttp = { group = "com.squareup.okhttp3", name = "okhttp", version = "4.12.0" }'))).toBe(
      true,
    );

    const pub = 'name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  http: ^1.1.0\ndev_dependencies:\n  test: ^1.24.0\n';
    expect(dep(wholeFileIntents('pubspec.yaml', pub, pub.replace('  http: ^1.1.0\n', '  http: ^1.1.0\n  dio: ^5.0.0\n')))).toBe(true);
    expect(dep(wholeFileIntents('pubspec.yaml', pub, pub.replace('  http: ^1.1.0\n', '  http:\n    git: https://example.invalid/http\n')))).toBe(true);
    expect(dep(wholeFileIntents('pubspec.yaml', pub, pub + 'dependency_overrides:\n  http: ^0.13.0\n'))).toBe(true);
    expect(dep(wholeFileIntents('pubspec.yaml', pub, pub.replace('^1.1.0', '^1.2.0')))).toBe(false);

    const props = '<Project><ItemGroup><PackageVersion Include="Newtonsoft.Json" Version="13.0.1" /></ItemGroup></Project>';
    expect(
      dep(
        wholeFileIntents('Directory.Packages.props', props, props.replace('</ItemGroup>', '<PackageVersion Include="Serilog" Version="3.1.1" /></ItemGroup>')),
      ),
    ).toBe(true);
    expect(dep(wholeFileIntents('Directory.Packages.props', props, props.replace('13.0.1', '13.0.3')))).toBe(false);
  });
});

describe('setup.cfg (setuptools declarative config)', () => {
  const cfg =
    '[metadata]\nname = a\nversion = 1.0\n\n[options]\npackages = find:\ninstall_requires =\n    requests>=2\n    click\n\n[options.extras_require]\ndev = pytest\n';
  it('is a manifest whose install_requires and extras count', () => {
    expect(manifestKind('setup.cfg')).toBe('setupcfg');
    expect(dep(wholeFileIntents('setup.cfg', cfg, cfg.replace('    click\n', '    click\n    leftpad\n')))).toBe(true);
    expect(dep(wholeFileIntents('setup.cfg', cfg, cfg.replace('dev = pytest', 'dev = pytest\n    hypothesis')))).toBe(true);
    expect(dep(wholeFileIntents('setup.cfg', cfg, cfg.replace('version = 1.0', 'version = 1.1')))).toBe(false);
    expect(dep(wholeFileIntents('setup.cfg', cfg, cfg.replace('requests>=2', 'requests>=2.31')))).toBe(false);
    expect(dep(fragmentIntents('setup.cfg', '    click', '    click\n    leftpad>=1'))).toBe(true);
    expect(dep(fragmentIntents('setup.cfg', 'version = 1.0', 'version = 1.1'))).toBe(false);
  });
});
