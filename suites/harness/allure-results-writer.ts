import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

type Result = Parameters<Writer['writeResult']>[0];
type Group = Parameters<Writer['writeGroup']>[0];
type EnvironmentInfo = Parameters<Writer['writeEnvironmentInfo']>[0];
type Categories = Parameters<Writer['writeCategoriesDefinitions']>[0];
type Globals = Parameters<Writer['writeGlobals']>[1];

/**
 * The results folder's writer of the conformance run. allure's own fsyncs every file and renames
 * it into place, for readers that watch the folder while it fills; this run's results are read
 * only once the run has ended, and every fsync held vitest's main thread (and with it the pacer,
 * which grants every request of the run there) for milliseconds, thousands of times a run. Plain
 * writes, the folder made once.
 */
export class ResultsFolderWriter implements Writer {
  #made = false;

  constructor(private readonly resultsDir: string) {}

  writeResult(result: Result): void {
    this.#write(`${result.uuid}-result.json`, JSON.stringify(result));
  }
  writeGroup(group: Group): void {
    this.#write(`${group.uuid}-container.json`, JSON.stringify(group));
  }
  writeAttachment(distFileName: string, content: Buffer): void {
    this.#write(distFileName, content);
  }
  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, this.#path(distFileName));
  }
  writeEnvironmentInfo(info: EnvironmentInfo): void {
    this.#write('environment.properties', stringifyEnvInfo(info));
  }
  writeCategoriesDefinitions(categories: Categories): void {
    this.#write('categories.json', JSON.stringify(categories));
  }
  writeGlobals(distFileName: string, info: Globals): void {
    this.#write(distFileName, JSON.stringify(info));
  }

  #write(name: string, content: string | Buffer): void {
    writeFileSync(this.#path(name), content);
  }

  #path(name: string): string {
    if (!this.#made) mkdirSync(this.resultsDir, { recursive: true });
    this.#made = true;
    return join(this.resultsDir, name);
  }
}
