// Where Python imports from. For `-c`, `-m` and a program on stdin, Python puts the folder it
// runs in first on its import path (unless `-I` or `-P`), so a `json.py` there runs in place
// of the standard library's `json`, and so does any module the imported one loads in turn
// (`json` loads `re`). A proof that inline code or a `-m` module only reads holds only when
// that folder holds no module named like one of the standard library's.

/**
 * The standard library's top-level modules (Python 3.11's `sys.stdlib_module_names`, plus
 * 3.14's `annotationlib` and `compression`). Every name that starts with `_` counts too:
 * private modules come and go between versions.
 */
const STDLIB = new Set(
  (
    'abc aifc annotationlib antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect builtins bz2 ' +
    'cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall compression concurrent configparser ' +
    'contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email ' +
    'encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass ' +
    'gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json ' +
    'keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing ' +
    'netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil ' +
    'platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random ' +
    're readline reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtpd smtplib sndhdr ' +
    'socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau ' +
    'symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize ' +
    'tomllib trace traceback tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref ' +
    'webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo'
  ).split(' '),
);

export function isStdlibModule(name: string): boolean {
  return name.startsWith('_') || STDLIB.has(name);
}

/** What the folder can answer to Python: its file system view, as the shell walker has it. */
interface Folder {
  listDir(path: string): string[] | undefined;
  isDirectory(path: string): boolean;
  exists(path: string): boolean;
}

/**
 * Whether `dir`, first on Python's import path, holds a module that would run in place of a
 * standard one (or of one of `also`, the module `-m` names): `name.py`, `name.pyc`, an
 * extension module (`name.cpython-311-x86_64-linux-gnu.so`, `name.pyd`) or a package folder.
 * An unknown or unreadable folder may hold anything.
 */
export function importShadowed(w: Folder, dir: string | null, also: readonly string[] = []): boolean {
  if (dir === null) return true;
  const names = w.listDir(dir);
  if (names === undefined) return true;
  for (const n of names) {
    const file = /^([A-Za-z_]\w*)(?:\.[\w-]+)*\.(?:py|pyc|pyw|so|pyd)$/.exec(n);
    const mod = file
      ? file[1]!
      : /^[A-Za-z_]\w*$/.test(n) && w.isDirectory(`${dir}/${n}`) && (w.exists(`${dir}/${n}/__init__.py`) || w.exists(`${dir}/${n}/__init__.pyc`))
        ? n
        : undefined;
    if (mod !== undefined && (isStdlibModule(mod) || also.includes(mod))) return true;
  }
  return false;
}
