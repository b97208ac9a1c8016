/**
 * The project a request addresses, as every judge of project sequences asks it of every exchange:
 * the path is matched once per exchange (`derived`), and only after a test that other paths fail.
 */
import { fact, type ExchangeView } from '../../judge/exchange-view.js';

const readProjectPathFact = fact(readProjectPath);

export interface ProjectPath {
  /** The key in lowercase: a target that ignores case reaches one project by every spelling. */
  key: string;
  /** The key as the request spells it. */
  spelt: string;
  /** The rest of the path below the key (`''`, `/rooms`, `/rooms/12`, ...). */
  rest: string;
}

const PROJECT_PATH = /^\/reports\/([A-Za-z]{9})(\/.*)?$/;

function readProjectPath(x: ExchangeView): ProjectPath | undefined {
  const match = PROJECT_PATH.exec(x.apiPath as string);
  if (!match) return undefined;
  const spelt = match[1] as string;
  return { key: spelt.toLowerCase(), spelt, rest: match[2] ?? '' };
}

export function projectPathOf(x: ExchangeView): ProjectPath | undefined {
  return x.apiPath?.startsWith('/reports/') ? x.derived(readProjectPathFact) : undefined;
}
