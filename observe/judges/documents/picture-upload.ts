import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { projectKeyOf } from '../results/results-read.js';
import { isPicturesRead, isSuccess, PICTURES_ROW } from './document-reads.js';
import { isPlainObject } from '../../json-value.js';

const PICTURES_PATH = /^\/reports\/([A-Za-z]{9})\/pictures$/;

interface PictureList {
  x: ExchangeView;
  /** Item ids as text, when every item has one. */
  ids?: string[];
  count: number;
}

interface ProjectPictures {
  list?: PictureList;
  /** POSTs to the pictures path within the horizon. */
  posts: ExchangeView[];
}

const MAX_PROJECTS = 512;
const POSTS_PER_PROJECT = 8;

/**
 * "no upload endpoint exists" (DOC-20): a POST to the pictures path must not succeed, and the
 * picture list read after it must hold no picture the list before it did not. Nothing in the
 * interface adds pictures, so only an upload the portal took meanwhile could, and the horizon
 * keeps that out.
 */
export function pictureUploadJudge(): Judge {
  const projects = new BoundedMap<string, ProjectPictures>(MAX_PROJECTS, SEQUENCE_HORIZON_MS);
  return {
    rules: ['DOC-20'],
    // The lists answered 200 and the POSTs to their path, which no row has; a POST answered 429 is not on its merits.
    reads: { endpoints: [PICTURES_ROW], unmatched: true },
    see(x, ledger) {
      const posted = x.method === 'POST' && x.apiPath !== undefined ? PICTURES_PATH.exec(x.apiPath)?.[1]?.toLowerCase() : undefined;
      if (posted !== undefined) {
        if (!answeredOnItsMerits(x)) return;
        if (isSuccess(x.status)) ledger.broke('DOC-20', x, `POST ${x.apiPath} answered ${x.status}: no upload endpoint exists`);
        const state = projectOf(projects, posted, x);
        state.posts = [...state.posts.filter((p) => x.sentAt - p.answeredAt <= SEQUENCE_HORIZON_MS), x].slice(-POSTS_PER_PROJECT);
        return;
      }
      if (!isPicturesRead(x) || x.status !== 200) return;
      const key = projectKeyOf(x);
      const list = listOf(x);
      if (!list || key === undefined) return;
      const state = projectOf(projects, key, x);
      const before = state.list;
      state.list = list;
      const between = before ? state.posts.filter((p) => followsClosely(before.x, p) && followsClosely(p, x)) : [];
      if (!before || between.length === 0) return;
      const added = before.ids && list.ids ? list.ids.filter((id) => !before.ids?.includes(id)).length : Math.max(0, list.count - before.count);
      ledger.judge('DOC-20', x, added === 0, () => `the picture list holds ${added} picture(s) more after POST ${between[0]?.apiPath} (${between[0]?.status})`, [...between, before.x]);
    },
  };
}

/** The project's entry, written anew by each exchange that adds to it: it is let go once all it holds lies behind the horizon. */
function projectOf(projects: BoundedMap<string, ProjectPictures>, key: string, x: ExchangeView): ProjectPictures {
  const state = projects.get(key) ?? { posts: [] };
  projects.set(key, state, x.answeredAt);
  return state;
}

function listOf(x: ExchangeView): PictureList | undefined {
  const body = x.responseJson;
  if (!isPlainObject(body) || !Array.isArray(body.pictures)) return undefined;
  const ids = body.pictures.map((p: unknown) => (isPlainObject(p) && (typeof p.id === 'string' || typeof p.id === 'number') ? String(p.id) : undefined));
  return { x, count: body.pictures.length, ...(ids.every((id): id is string => id !== undefined) && { ids }) };
}
