import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { parseSimulateOptions, SIMULATE_COMMAND } from '../../load/simulate/options.js';
import { KIT_IMAGE } from '../container/kit-image.js';

/**
 * The Kubernetes manifests of docs/kubernetes/ (load:simulate shards as an Indexed Job, the pod
 * that merges them) checked without a cluster: against the vendored batch/v1 Job schema, strict,
 * and for what no schema says, against the kit itself (its flag table and option parser, its
 * image) and the commands docs/load-tools.md gives.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

const SHARDS = 'docs/kubernetes/load-simulate-job.yaml';
const MERGE = 'docs/kubernetes/load-simulate-merge-pod.yaml';
const PAGE = 'docs/load-tools.md';
/** The word the docs replace with the start moment (sed) when they apply the Job. */
const START_PLACEHOLDER = 'START_AT';
/** The uid of the image's user node (the Node base image's). */
const KIT_UID = 1000;

const Container = z.object({
  name: z.string(),
  image: z.string(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).default([]),
  env: z.array(z.object({ name: z.string() })).default([]),
  volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string(), readOnly: z.boolean().optional() })).default([]),
  resources: z.object({ requests: z.record(z.string(), z.union([z.string(), z.number()])).default({}) }).default({ requests: {} }),
});
const PodSpec = z.object({
  restartPolicy: z.string().optional(),
  securityContext: z.object({ runAsNonRoot: z.boolean().optional(), runAsUser: z.number().optional() }).default({}),
  containers: z.array(Container).length(1),
  volumes: z
    .array(z.object({ name: z.string(), secret: z.object({ secretName: z.string() }).optional(), persistentVolumeClaim: z.object({ claimName: z.string() }).optional() }))
    .default([]),
});
const Metadata = z.object({ name: z.string() });
const Job = z.object({
  kind: z.literal('Job'),
  metadata: Metadata,
  spec: z.object({
    completionMode: z.string().optional(),
    completions: z.number().optional(),
    parallelism: z.number().optional(),
    backoffLimit: z.number().optional(),
    backoffLimitPerIndex: z.number().optional(),
    template: z.object({ spec: PodSpec }),
  }),
});
const Pod = z.object({ kind: z.literal('Pod'), metadata: Metadata, spec: PodSpec });
const Claim = z.object({ kind: z.literal('PersistentVolumeClaim'), metadata: Metadata, spec: z.object({ accessModes: z.array(z.string()) }) });

/** The documents of a manifest as kubectl reads them: YAML 1.1, where `0440` is octal and `yes` a boolean. */
function documents(path: string): unknown[] {
  return parseAllDocuments(read(path), { version: '1.1' }).map((doc) => {
    expect(doc.errors.map(String), path).toEqual([]);
    return doc.toJS() as unknown;
  });
}

function validators(): { job: ValidateFunction; podSpec: ValidateFunction; metadata: ValidateFunction } {
  // `$schema: http://json-schema.org/schema#` names no draft Ajv can resolve; the keywords are draft-07's.
  const { $schema: _draft, ...schema } = JSON.parse(read('tools/kubernetes/job-schema/job-batch-v1.json')) as AnySchemaObject;
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  // Kubernetes' annotations (list types, patch strategies) say nothing a manifest must meet; strict mode wants them declared.
  ajv.addVocabulary([...annotationKeywords(schema)]);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  const pod = schema.properties.spec.properties.template.properties as Record<string, AnySchemaObject>;
  return { job: ajv.compile(schema), podSpec: ajv.compile(pod.spec as AnySchemaObject), metadata: ajv.compile(pod.metadata as AnySchemaObject) };
}

function annotationKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) annotationKeywords(item, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-kubernetes-')) found.add(key);
      annotationKeywords(value, found);
    }
  }
  return found;
}

function problems(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

function byKind(docs: readonly unknown[], kind: string, path: string): unknown {
  const doc = docs.find((d) => (d as { kind?: unknown }).kind === kind);
  if (doc === undefined) throw new Error(`${path} holds no ${kind}`);
  return doc;
}

/** The parts of both manifests the checks below read, typed; read anew by each test, so a broken manifest fails each with its own message. */
function manifests() {
  const shardDocs = documents(SHARDS);
  const mergeDocs = documents(MERGE);
  const shardJob = Job.parse(byKind(shardDocs, 'Job', SHARDS));
  const mergePod = Pod.parse(byKind(mergeDocs, 'Pod', MERGE));
  const shard = shardJob.spec.template.spec.containers[0] as z.infer<typeof Container>;
  // n of `--shard-index $(JOB_COMPLETION_INDEX)/n`.
  const shardCount = Number(/^\$\(JOB_COMPLETION_INDEX\)\/(\d+)$/.exec(valueOf(shard.args, '--shard-index') ?? '')?.[1]);
  return {
    shardJob,
    claim: Claim.parse(byKind(shardDocs, 'PersistentVolumeClaim', SHARDS)),
    mergePod,
    shard,
    merger: mergePod.spec.containers[0] as z.infer<typeof Container>,
    shardCount,
    /** What `$(JOB_COMPLETION_INDEX)` and the docs' sed turn the shard's args into for pod `index`. */
    argsOfPod: (index: number, startAt: string) => shard.args.map((arg) => arg.replace('$(JOB_COMPLETION_INDEX)', String(index)).replace(START_PLACEHOLDER, startAt)),
  };
}

function valueOf(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
}

function mountOf(container: z.infer<typeof Container>, volume: string): string {
  const mount = container.volumeMounts.find((m) => m.name === volume);
  if (!mount) throw new Error(`container ${container.name} does not mount volume ${volume}`);
  return mount.mountPath;
}

function volumeNamed(spec: z.infer<typeof PodSpec>, pick: (v: z.infer<typeof PodSpec>['volumes'][number]) => unknown): string {
  const volume = spec.volumes.find(pick);
  if (!volume) throw new Error('volume missing');
  return volume.name;
}

/** Inside the image, relative paths are the kit's working folder's. */
const inImage = (path: string) => posix.resolve(KIT_IMAGE.workdir, path);
const isUnder = (path: string, folder: string) => path.startsWith(`${folder}/`);
const imageName = (image: string) => (image.split('/').at(-1) ?? '').split(/[:@]/)[0];

describe('docs/kubernetes: load:simulate shards as an Indexed Job', () => {
  const { job, podSpec, metadata } = validators();

  it('holds every Job document valid under the strict batch/v1 Job schema, and the merge pod under its pod parts', () => {
    const shardDocs = documents(SHARDS);
    const mergeDocs = documents(MERGE);
    const jobs = [...shardDocs, ...mergeDocs].filter((doc) => (doc as { kind?: unknown }).kind === 'Job');
    expect(jobs).toHaveLength(1);
    for (const doc of jobs) expect(problems(job, doc)).toEqual([]);
    const pod = byKind(mergeDocs, 'Pod', MERGE) as { metadata?: unknown; spec?: unknown };
    expect(problems(podSpec, pod.spec)).toEqual([]);
    expect(problems(metadata, pod.metadata)).toEqual([]);
  });

  it('runs one pod per shard, all at once, each shard once', () => {
    const { shardJob, shard, shardCount } = manifests();
    expect(shardJob.spec.completionMode).toBe('Indexed');
    expect(shardCount).toBeGreaterThan(1);
    expect(shardJob.spec.completions).toBe(shardCount);
    expect(shardJob.spec.parallelism).toBe(shardCount);
    // Per index: a shard whose own part missed a verdict ends without stopping the others.
    expect(shardJob.spec.backoffLimitPerIndex).toBe(0);
    expect(shardJob.spec.backoffLimit).toBeUndefined();
    expect(shardJob.spec.template.spec.restartPolicy).toBe('Never');
    // The Job controller adds JOB_COMPLETION_INDEX only to a container that does not name it itself.
    expect(shard.env.map((e) => e.name)).not.toContain('JOB_COMPLETION_INDEX');
    expect(valueOf(shard.args, '--shard-index')).toBe(`$(JOB_COMPLETION_INDEX)/${shardCount}`);
  });

  it("runs the kit image's command as its non-root user, with resources requested", () => {
    const { shardJob, mergePod, shard } = manifests();
    for (const pod of [shardJob.spec.template.spec, mergePod.spec]) {
      expect(imageName(pod.containers[0]?.image ?? '')).toBe(KIT_IMAGE.name);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: KIT_UID });
      expect(Object.keys(pod.containers[0]?.resources.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
    }
    expect(shard.command).toBeUndefined();
    expect(shard.args[0]).toBe('load:simulate');
  });

  it('gives load:simulate only flags it knows, each followed by its value', () => {
    const { shard } = manifests();
    const flags = SIMULATE_COMMAND.flags as Record<string, { type: string }>;
    const given = shard.args.slice(1).filter((arg) => arg.startsWith('--'));
    expect(given.filter((arg) => !(arg.slice(2) in flags))).toEqual([]);
    for (const arg of given) if (flags[arg.slice(2)]?.type === 'string') expect(valueOf(shard.args, arg), arg).not.toMatch(/^--|^$/);
    expect(read(SHARDS).split(START_PLACEHOLDER)).toHaveLength(2);
    expect(valueOf(shard.args, '--start-at')).toBe(START_PLACEHOLDER);
  });

  it('reads the tokens from a read-only Secret, gives every shard the same seed and start, and writes each to a folder of its own on a ReadWriteMany claim', () => {
    const { shardJob, claim, shard, shardCount, argsOfPod } = manifests();
    const spec = shardJob.spec.template.spec;
    const tokens = volumeNamed(spec, (v) => v.secret);
    expect(shard.volumeMounts.find((m) => m.name === tokens)?.readOnly).toBe(true);
    const results = mountOf(shard, volumeNamed(spec, (v) => v.persistentVolumeClaim?.claimName === claim.metadata.name));
    expect(claim.spec.accessModes).toContain('ReadWriteMany');

    const startAt = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const folders = new Set<string>();
    const seeds = new Set<number>();
    for (let index = 0; index < shardCount; index++) {
      const o = parseSimulateOptions(argsOfPod(index, startAt).slice(1), {});
      expect(o.shard).toEqual({ index: index + 1, count: shardCount });
      expect(o.startAt).toBe(Date.parse(startAt));
      // Shards plan together what one process would only when they share the seed; left out, each draws its own.
      expect(o.given).toContain('seed');
      seeds.add(o.seed);
      expect(isUnder(inImage(o.tokens ?? ''), mountOf(shard, tokens))).toBe(true);
      expect(isUnder(inImage(o.reportDir), results)).toBe(true);
      folders.add(o.reportDir);
    }
    expect(folders.size).toBe(shardCount);
    expect(seeds.size).toBe(1);
  });

  it("merges, with the docs' command in the merge pod, exactly the result files the shards write, on the same claim", () => {
    const { shardJob, claim, mergePod, shard, merger, shardCount, argsOfPod } = manifests();
    const results = mountOf(shard, volumeNamed(shardJob.spec.template.spec, (v) => v.persistentVolumeClaim));
    const claimOfMerge = volumeNamed(mergePod.spec, (v) => v.persistentVolumeClaim?.claimName === claim.metadata.name);
    expect(mountOf(merger, claimOfMerge)).toBe(results);

    // The docs' shell block with its continuation lines joined.
    const shell = read(PAGE).replace(/\\\n\s*/g, ' ');
    const exec = new RegExp(`^kubectl exec ${mergePod.metadata.name} -- (.*load:simulate merge.*)$`, 'm').exec(shell)?.[1]?.trim().split(/\s+/);
    expect(exec, 'the kubectl exec line of the merge in docs/load-tools.md').toBeDefined();
    const words = exec ?? [];
    expect(words.slice(0, KIT_IMAGE.entrypoint.length)).toEqual([...KIT_IMAGE.entrypoint]);
    const [command, ...mergeArgs] = words.slice(KIT_IMAGE.entrypoint.length);
    expect(command).toBe('load:simulate');
    const merge = parseSimulateOptions(mergeArgs, {});
    expect(merge.command).toBe('merge');
    expect(isUnder(inImage(merge.reportDir), results)).toBe(true);

    const shardResults = Array.from({ length: shardCount }, (_, index) => parseSimulateOptions(argsOfPod(index, '+600').slice(1), {}).reportDir);
    expect(merge.files).toEqual(shardResults.map((dir) => `${dir}/result.json`));
    expect(read(PAGE)).toContain(`sed "s/${START_PLACEHOLDER}/`);
    expect(read(PAGE)).toContain(`${SHARDS} | kubectl apply -f -`);
  });
});
