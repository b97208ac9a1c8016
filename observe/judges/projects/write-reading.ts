/**
 * A project write's body read against the field table, once per exchange (`derived`): the input
 * rules of the write and the sequence rules of valid writes ask it alike.
 */
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { readProjectWrite, type WriteReading } from './field-table.js';
import { writeBodyOf } from './write-body.js';

const readWriteFact = fact(readWrite);

function readWrite(x: ExchangeView): WriteReading | undefined {
  const body = writeBodyOf(x);
  return body.kind === 'json' ? readProjectWrite(body.value, body.literals) : undefined;
}

/** The reading of a body that is plainly JSON (write-body.ts); undefined for any other. */
export function projectWriteReadingOf(x: ExchangeView): WriteReading | undefined {
  return x.derived(readWriteFact);
}
