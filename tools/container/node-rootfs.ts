import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * A root file system for the bundled image made of this machine's own files, since no registry
 * is reachable: the node binary that runs this script, a shell and the tools the Dockerfile's RUN
 * and `--image`'s profile read use, each with the shared libraries ldd names. Native addons in
 * node_modules were built against the same glibc, so they load inside.
 */
export const NODE_DEST = '/usr/local/bin/node';
const PROGRAMS = ['/bin/sh', '/bin/cat', '/bin/mkdir', '/bin/chown'];
/** Where the merged-/usr layout of Debian 12 links top-level folders into /usr. */
const TOP_LEVEL = ['bin', 'sbin', 'lib', 'lib64'];
/** The node image's user, so the shared Dockerfile layout's `USER node` works on either base. */
const ETC: Record<string, string> = {
  'etc/passwd': 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n',
  'etc/group': 'root:x:0:\nnode:x:1000:\n',
};

export interface RootfsFile {
  /** Path inside the image. */
  dest: string;
  /** This machine's file with the content. */
  source: string;
}

/** The files, each library at its name as ldd resolves it (through linked folders, not linked files). */
export function rootfsFiles(node: string = process.execPath): RootfsFile[] {
  const files = new Map<string, string>();
  const add = (dest: string, source: string) => files.set(dest, realpathSync(source));
  add(NODE_DEST, node);
  for (const program of PROGRAMS) add(inImage(program), program);
  for (const program of [node, ...PROGRAMS]) for (const lib of sharedLibraries(program)) add(inImage(lib), lib);
  return [...files].map(([dest, source]) => ({ dest, source })).sort((a, b) => a.dest.localeCompare(b.dest));
}

/** Names the base image by what it holds: a new node binary or library makes a new base. */
export function rootfsHash(files: readonly RootfsFile[]): string {
  const hash = createHash('sha256');
  for (const [path, text] of Object.entries(ETC)) hash.update(`${path}\0${text}\0`);
  for (const link of topLevelLinks()) hash.update(`${link.name} -> ${link.target}\0`);
  for (const f of files) hash.update(`${f.dest}\0`).update(readFileSync(f.source)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Lays the files out under dir (hard links where the file system allows, else copies). */
export function writeRootfs(dir: string, files: readonly RootfsFile[]): void {
  mkdirSync(join(dir, 'usr'), { recursive: true });
  for (const link of topLevelLinks()) symlinkSync(link.target, join(dir, link.name));
  for (const f of files) {
    const target = join(dir, f.dest);
    mkdirSync(dirname(target), { recursive: true });
    try {
      linkSync(f.source, target);
    } catch {
      copyFileSync(f.source, target);
      chmodSync(target, lstatSync(f.source).mode & 0o7777);
    }
  }
  for (const [path, text] of Object.entries(ETC)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  for (const empty of ['tmp', 'home/node', 'root']) mkdirSync(join(dir, empty), { recursive: true });
  chmodSync(join(dir, 'tmp'), 0o1777);
}

function topLevelLinks(): { name: string; target: string }[] {
  return TOP_LEVEL.filter((name) => existsSync(`/${name}`) && lstatSync(`/${name}`).isSymbolicLink()).map((name) => ({ name, target: readlinkSync(`/${name}`) }));
}

/** The path inside the image: folders resolved as on this machine, the file's own name kept (libfoo.so.6, not libfoo.so.6.0.30). */
export function inImage(path: string): string {
  return join(realpathSync(dirname(path)), basename(path));
}

/** `libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)` and the loader's own line; none for a static binary. */
export function sharedLibraries(program: string): string[] {
  const ldd = spawnSync('ldd', [program], { encoding: 'utf8' });
  if (ldd.error) throw new Error(`ldd ${program}: ${ldd.error.message}. Fix: install libc-bin (ldd) to build the container test's base image`);
  if (/not a dynamic executable/.test(ldd.stdout + ldd.stderr)) return [];
  if (ldd.status !== 0) throw new Error(`ldd ${program} exited with ${ldd.status}: ${ldd.stderr.trim()}`);
  const libs: string[] = [];
  for (const line of ldd.stdout.split('\n')) {
    const m = /(?:=>\s*)?(\/\S+)\s+\(0x[0-9a-f]+\)/.exec(line);
    if (m) libs.push(m[1] as string);
    else if (/=> not found/.test(line)) throw new Error(`ldd ${program}: ${line.trim()}`);
  }
  return libs;
}
