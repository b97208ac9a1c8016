import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, sep } from 'node:path';
import { UsageError } from '../command-line/usage.js';
import { readAtMost } from '../files/read-at-most.js';
import { shown } from './terminal-text.js';

/**
 * Reading a report folder that someone else wrote (a statement handed over for review, a CI cache,
 * another person's run): every name is confined to the folder before anything is opened, only
 * regular files are read, and never more than the caps, so a symlink to /dev/zero, a FIFO or a
 * file of gigabytes is a refusal naming the file instead of a hang or a read of everything.
 */

/** Bytes one file of a report folder may hold; the kit's own largest (a statement, checks.json) stay far below it. */
export const FILE_CAP_BYTES = 64 * 1024 * 1024;
/** Bytes all files read from one folder may hold together. */
export const FOLDER_CAP_BYTES = 512 * 1024 * 1024;

export interface FolderCaps {
  fileBytes: number;
  folderBytes: number;
}

const DEFAULT_CAPS: FolderCaps = { fileBytes: FILE_CAP_BYTES, folderBytes: FOLDER_CAP_BYTES };

export const mib = (bytes: number): string => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`);

/**
 * A file of the folder that is refused, or a folder that cannot be one: the message names the
 * file and what was refused. A usage error, so a refusal no command turns into a reason of its
 * own still ends in exit 2 with that message, never in a stack.
 */
export class FolderRefusal extends UsageError {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`${shown(path)}: ${why}`);
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder, not a file';
  if (stats.isFIFO()) return 'a FIFO, not a regular file';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device, not a regular file';
  if (stats.isSocket()) return 'a socket, not a regular file';
  return 'not a regular file';
}

/** A report folder opened for reading: its real path, and what has been read of it so far. */
export class ReportFolder {
  private spent = 0;
  private readonly counted = new Set<string>();

  private constructor(
    /** The folder as given, for messages. */
    readonly label: string,
    /** Its real path: every file read must lie beneath it. */
    readonly root: string,
    private readonly caps: FolderCaps,
  ) {}

  /** The folder at `dir`; a path that is missing or not a folder is refused. */
  static open(dir: string, caps: FolderCaps = DEFAULT_CAPS): ReportFolder {
    let root: string;
    try {
      root = realpathSync(dir);
    } catch {
      throw new FolderRefusal(dir, 'no such folder');
    }
    const stats = statSync(root);
    if (!stats.isDirectory()) throw new FolderRefusal(dir, 'not a folder');
    return new ReportFolder(dir, root, caps);
  }

  /** `rel` in messages: the folder's name and the file's as given (a path.join would fold a ".." away). */
  named(rel: string): string {
    return `${this.label.replace(/\/+$/, '')}/${rel}`;
  }

  /** The real path of `rel`, refused when its name or any symlink on its way leads out of the folder. */
  private confined(rel: string): string {
    this.checkName(rel);
    let real: string;
    try {
      real = realpathSync(join(this.root, rel));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new FolderRefusal(this.named(rel), code === 'ENOENT' ? 'missing' : `refused: cannot be resolved (${code ?? 'error'})`);
    }
    if (real !== this.root && !real.startsWith(this.root + sep)) throw new FolderRefusal(this.named(rel), `refused: a symlink leaving the report folder (to ${shown(real)})`);
    return real;
  }

  /** Names that leave the folder whatever lies on disk. */
  private checkName(rel: string): void {
    if (rel.includes('\0')) throw new FolderRefusal(this.named(rel), 'refused: a NUL character in the name');
    if (isAbsolute(rel) || /^[A-Za-z]:/.test(rel)) throw new FolderRefusal(rel, 'refused: an absolute path, not a name inside the report folder');
    if (rel.split(/[\\/]/).includes('..')) throw new FolderRefusal(this.named(rel), 'refused: a ".." step leaves the report folder');
  }

  /** Whether the folder has an entry `rel` (a dangling or hostile one too: reading it says what is wrong). */
  has(rel: string): boolean {
    this.checkName(rel);
    try {
      lstatSync(join(this.root, rel));
      return true;
    } catch {
      return false;
    }
  }

  /** The sorted names in the folder `rel`; empty when there is none. */
  list(rel: string): string[] {
    if (!this.has(rel)) return [];
    const real = this.confined(rel);
    if (!statSync(real).isDirectory()) throw new FolderRefusal(this.named(rel), 'refused: not a folder');
    return readdirSync(real).sort();
  }

  /** Whether `rel` (confined) is a folder: merges skip folders among the result files. */
  isFolder(rel: string): boolean {
    return statSync(this.confined(rel)).isDirectory();
  }

  /** The bytes of `rel`: a regular file inside the folder, within the caps, read no further than them. */
  read(rel: string): Buffer {
    const real = this.confined(rel);
    const fresh = !this.counted.has(real);
    const left = this.caps.folderBytes - this.spent;
    const overFolder = fresh && left < this.caps.fileBytes;
    const bytes = readRegularFile(real, this.named(rel), overFolder ? left : this.caps.fileBytes, overFolder ? `the folder's files together exceed the cap of ${mib(this.caps.folderBytes)}` : `larger than the cap of ${mib(this.caps.fileBytes)} per file`);
    if (fresh) {
      this.counted.add(real);
      this.spent += bytes.length;
    }
    return bytes;
  }

  readText(rel: string): string {
    return this.read(rel).toString('utf8');
  }
}

/**
 * The bytes of the regular file at `path`, refused (naming it `name`) when it is anything else or
 * holds more than `limit` bytes (`over` says which cap that is). Opened without following a final
 * symlink and without waiting on a FIFO's writer; checked on the opened descriptor, so nothing
 * swapped in after a check is read.
 */
export function readRegularFile(path: string, name: string, limit: number, over: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new FolderRefusal(name, code === 'ELOOP' ? 'refused: a symlink, not a regular file' : code === 'ENOENT' ? 'missing' : `refused: cannot be opened (${code ?? 'error'})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new FolderRefusal(name, `refused: ${kindOf(stats)}`);
    const bytes = stats.size > limit ? undefined : readAtMost(fd, limit, stats.size);
    if (bytes === undefined) throw new FolderRefusal(name, `refused: ${over} (${stats.size > limit ? `${stats.size} bytes` : 'more bytes when read than its size said'})`);
    return bytes;
  } finally {
    closeSync(fd);
  }
}
