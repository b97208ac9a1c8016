import { existsSync, statSync } from 'node:fs';
import type { ObservedExchange } from '../../observe/exchange.js';
import { HarReadError, readHar } from '../../observe/har/read-har.js';
import { ExchangeLogReadError, readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { startRecordingProxy } from '../../observe/proxy/recording-proxy.js';
import { Observer } from '../../observe/judge/observer.js';
import { JUDGES } from '../../observe/judges/index.js';
import { startJudgingThread } from '../../observe/judging-thread/judging-thread.js';
import { UsageError } from '../command-line/usage.js';
import { shown } from '../report-folder/terminal-text.js';
import { loadSigningKey } from '../statement/write-statement.js';
import { formatObservationSummary } from './observation-summary.js';
import { writeObservationReports } from './observation-reports.js';
import { parseObserveOptions, type ObserveOptions } from './observe-options.js';
import { TrafficTarget } from './traffic-target.js';

/** What the summary shows of each file read. */
interface FileSummary {
  file: string;
  entries: number;
  exchanges: number;
  skipped: Record<string, number>;
  /** Requests without an answer, handed on to the judges of the timeline only (a HAR's status 0 or -1). */
  unanswered?: number;
  credentialsStripped?: true;
}

/** How often a long reading says how far it got. */
const PROGRESS_MS = 5000;

/**
 * `observe`: judges recorded traffic (HAR files, exchange logs) or live traffic through the
 * recording proxy; exit 0 when no rule failed, 1 when one did, 2 for a usage error or a file that
 * cannot be read as what it was given as.
 */
export async function observeCommand(argv: readonly string[], log: (line: string) => void, interrupt?: AbortSignal): Promise<number> {
  const options = parseObserveOptions(argv);
  const signKey = options.signKey === undefined ? undefined : loadSigningKey(options.signKey);
  if (options.oneTokenPerCustomer) log('observe: the rate limit is judged per token, as declared (--one-token-per-customer: each customer of the traffic uses one token); where customers share tokens between clients, leave the flag out');
  if (options.input.kind === 'proxy') return observeLive(options, options.input, log, signKey, interrupt);
  return observeFiles(options, options.input.kind, options.input.files, log, signKey, interrupt);
}

/**
 * The recording proxy in front of the upstream: every exchange is judged as it passes (and written
 * to --record), the reports are written every --flush-seconds and when SIGINT or SIGTERM ends it.
 */
async function observeLive(options: ObserveOptions, input: Extract<ObserveOptions['input'], { kind: 'proxy' }>, log: (line: string) => void, signKey: ReturnType<typeof loadSigningKey> | undefined, interrupt?: AbortSignal): Promise<number> {
  const judging = startJudgingThread({
    keepBodies: options.keepBodies,
    oneTokenPerCustomer: options.oneTokenPerCustomer,
    ...(input.record !== undefined && { record: { file: input.record, recordedBy: 'cpf-conformance observe --listen' } }),
    complain: (message) => log(`observe: ${message}`),
  });
  const target = new TrafficTarget();
  const proxy = await startRecordingProxy({
    upstream: input.upstream,
    port: input.listen,
    onExchange: (exchange) => {
      target.see(exchange);
      judging.see(exchange);
    },
  }).catch(async (error: unknown) => {
    await judging.close();
    throw new UsageError(`--listen ${input.listen}: cannot listen (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Fix: choose a free port`);
  });
  log(`observe: recording proxy on ${proxy.url}, forwarding unchanged to ${input.upstream}; send the clients' requests to ${proxy.url}/api/v2${input.record ? `; recording to ${input.record}` : ''}; SIGINT or SIGTERM writes the reports and ends it`);
  const report = async (final: boolean) =>
    writeObservationReports(
      // The clients addressed the proxy: the target is the upstream, under the path they used.
      { observation: await judging.verdicts(final), mode: 'proxy', sources: [input.upstream], target: `${input.upstream}${new URL(target.baseUrl(`${input.upstream}/api/v2`)).pathname}`, answers: target.answers() },
      { reportDir: options.reportDir, html: final && options.html, signKey },
    );
  let flushing: Promise<unknown> = Promise.resolve();
  const timer =
    input.flushSeconds === undefined
      ? undefined
      : setInterval(() => {
          flushing = flushing.then(async () => {
            const summary = await report(false);
            log(`observe: ${summary.observed.exchanges} exchanges so far; rules ${summary.verdicts.pass} pass, ${summary.verdicts.fail} fail; reports written to ${options.reportDir}`);
          });
        }, input.flushSeconds * 1000);
  await new Promise<void>((done) => (interrupt?.aborted ? done() : interrupt?.addEventListener('abort', () => done(), { once: true })));
  clearInterval(timer);
  await flushing;
  await proxy.close();
  const summary = await report(true);
  await judging.close();
  log(formatObservationSummary(summary));
  return summary.verdicts.fail > 0 ? 1 : 0;
}

async function observeFiles(options: ObserveOptions, kind: 'har' | 'log', files: string[], log: (line: string) => void, signKey: ReturnType<typeof loadSigningKey> | undefined, interrupt?: AbortSignal): Promise<number> {
  if (files.length === 0) throw new UsageError(`--${kind} needs at least one file. Fix: npm run conformance -- observe --${kind} FILE [FILE ...]`);
  for (const file of files) {
    if (!existsSync(file)) throw new UsageError(`--${kind} ${shown(file)}: no such file. Fix: give the path of a ${kind === 'har' ? 'HAR 1.2 file' : 'exchange log'}`);
    if (!statSync(file).isFile()) throw new UsageError(`--${kind} ${shown(file)}: not a regular file. Fix: give the path of a ${kind === 'har' ? 'HAR 1.2 file' : 'exchange log'}`);
  }
  const reading: { exchanges: AsyncIterable<ObservedExchange>; summaries: readonly FileSummary[] } = kind === 'har' ? readHar(files) : readExchangeLog(files);
  const observer = new Observer(JUDGES, { keepBodies: options.keepBodies, oneTokenPerCustomer: options.oneTokenPerCustomer });
  const target = new TrafficTarget();
  let read = 0;
  let said = Date.now();
  try {
    for await (const exchange of reading.exchanges) {
      target.see(exchange);
      observer.see(exchange);
      read++;
      if (Date.now() - said >= PROGRESS_MS) {
        said = Date.now();
        log(`observe: ${read} exchanges judged so far (${shown(reading.summaries.at(-1)?.file ?? '')})`);
      }
      if (interrupt?.aborted) break;
    }
  } catch (err) {
    if (err instanceof HarReadError || err instanceof ExchangeLogReadError) throw new UsageError(`--${kind} ${shown(err.message)}. Fix: give ${kind === 'har' ? 'a HAR 1.2 file (as browsers and proxies export it)' : "an exchange log of the kit's proxy (--record)"}`);
    throw err;
  }
  for (const s of reading.summaries) {
    if (s.credentialsStripped) log(`observe: ${shown(s.file)} is an export without credentials (no request carries an Authorization header, yet protected paths answered 2xx): no rule of a missing token is judged on it. Fix: export the HAR "with sensitive data" (Chrome DevTools), or record it with Playwright's recordHar`);
  }
  const summary = await writeObservationReports(
    {
      observation: observer.verdicts(true),
      mode: 'recording',
      sources: files,
      target: target.baseUrl(files[0] as string),
      answers: target.answers(),
      files: reading.summaries.map((s) => ({ file: s.file, entries: s.entries, exchanges: s.exchanges, skipped: { ...s.skipped }, ...(s.unanswered !== undefined && { unanswered: s.unanswered }) })),
    },
    { reportDir: options.reportDir, html: options.html, signKey },
  );
  log(formatObservationSummary(summary));
  if (interrupt?.aborted) log('observe: stopped early (SIGINT/SIGTERM); the reports hold what was judged until then');
  return summary.verdicts.fail > 0 ? 1 : 0;
}
