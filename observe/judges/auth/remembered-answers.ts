import type { ExchangeView } from '../../judge/exchange-view.js';

/** Answers remembered per judgement: a flood's few bodies; each new one takes the place of the oldest. */
const REMEMBERED_ANSWERS = 4;
/** Longer bodies are judged each time: a flood's refusals are short. */
const REMEMBERED_LENGTH = 2000;

interface Remembered<T> {
  text: string;
  status: number;
  context: string;
  result: T;
}

/**
 * What `judged` makes of an answer, remembered per body text, status and `context` (what else of
 * the exchange it reads, such as a header): a limiter under a flood answers thousands of requests
 * with the same few bodies, and comparing texts costs a fraction of parsing one. Only the last few
 * are remembered, compared as they are: a map would hash every body, most of them unique (a time,
 * a request id), and keep each alive. `judged` must depend on the body, the status and the context
 * alone. A body the view does not read from its text (bytes, or one the recorder cut) is judged
 * each time.
 */
export function rememberedPerAnswer<T>(judged: (x: ExchangeView) => T, context: (x: ExchangeView) => string = () => ''): (x: ExchangeView) => T {
  const remembered: Remembered<T>[] = [];
  let oldest = 0;
  return (x) => {
    const { response, bodyTruncated } = x.exchange;
    const text = response.bodyText;
    if (text === undefined || text.length > REMEMBERED_LENGTH || response.bodyBinary !== undefined || bodyTruncated?.response !== undefined) return judged(x);
    const status = x.status;
    const within = context(x);
    for (const r of remembered) if (r.status === status && r.context === within && r.text === text) return r.result;
    const result = judged(x);
    const entry = { text, status, context: within, result };
    if (remembered.length < REMEMBERED_ANSWERS) remembered.push(entry);
    else {
      remembered[oldest] = entry;
      oldest = (oldest + 1) % REMEMBERED_ANSWERS;
    }
    return result;
  };
}
