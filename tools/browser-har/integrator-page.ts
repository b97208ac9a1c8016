/**
 * A small integrator's front end: a settings form takes the customer's API token (typed in, as a
 * user pastes it, so that it never stands in the page's own source), and its script then calls
 * the API one request after the other, reads each answer and takes what it needs from it (the new
 * room's id) for the next. Served at the API's origin, so that the browser sends the calls without
 * CORS (the spec: "no general CORS grant").
 */

export interface IntegratorConfig {
  /** The API's path prefix at the page's origin, e.g. /api/v2. */
  apiPath: string;
  /** An own project of the customer. */
  projectKey: string;
  /** An own project with pictures: the page shows the first, through its signed link. */
  picturesKey: string;
  /** Nine letters no project has: its detail answers 404. */
  unknownKey: string;
  /** Least time between two protected requests (ms). */
  paceMs: number;
}

/** What the page saw of one of its calls. */
export interface PageCall {
  label: string;
  method: string;
  path: string;
  status: number;
  /** `details.type` of an error answer. */
  errorType?: string;
}

/** The calls the script makes, in order, with the status each must get from a conforming server; all but the picture go to the API. */
export const INTEGRATOR_CALLS: readonly { label: string; status: number; api: boolean }[] = [
  { label: 'root', status: 200, api: true },
  { label: 'health', status: 200, api: true },
  { label: 'project list', status: 200, api: true },
  { label: 'project detail', status: 200, api: true },
  { label: 'room list', status: 200, api: true },
  { label: 'room creation', status: 201, api: true },
  { label: 'room change', status: 200, api: true },
  { label: 'funding list', status: 200, api: true },
  { label: 'picture list', status: 200, api: true },
  { label: 'picture', status: 200, api: false },
  { label: 'unknown project', status: 404, api: true },
  { label: 'invalid room', status: 422, api: true },
  { label: 'list without token', status: 401, api: true },
];

/**
 * The spec's limit: "at most 2 in every sliding 1 second window per customer". One protected
 * request in every 700 ms puts any three 1.4 s apart: a busy machine may delay one by up to 0.4 s
 * between the page starting it and the server counting it before a second holds three.
 */
export const PACE_MS = 700;

// A classic script: it runs in the browser as written, so it is kept as text, not compiled.
const SCRIPT = String.raw`
const config = JSON.parse(document.getElementById('config').textContent);
const log = document.getElementById('log');
const calls = [];
let lastProtected = -Infinity;

function noted(label, method, path, response, answer) {
  const errorType = answer && answer.details ? answer.details.type : undefined;
  calls.push({ label, method, path, status: response.status, ...(errorType === undefined ? {} : { errorType }) });
}

async function call(label, method, path, token, body) {
  if (token) {
    const wait = lastProtected + config.paceMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastProtected = performance.now();
  }
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(config.apiPath + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => null);
  noted(label, method, path, response, answer);
  return answer;
}

// A picture link "may be relative and then resolves against the server origin"; an image
// element shows no status, so a picture that loads counts as 200 and one that does not as 0.
async function showPicture(link) {
  const url = new URL(link, location.origin);
  const image = document.createElement('img');
  const loaded = new Promise((resolve) => {
    image.onload = () => resolve(image.naturalWidth > 0);
    image.onerror = () => resolve(false);
  });
  image.src = url.href;
  document.body.append(image);
  noted('picture', 'GET', url.pathname, { status: (await loaded) ? 200 : 0 }, null);
}

async function integrate(token) {
  const project = '/reports/' + config.projectKey;
  await call('root', 'GET', '/', '');
  await call('health', 'GET', '/health', '');
  await call('project list', 'GET', '/reports', token);
  await call('project detail', 'GET', project, token);
  await call('room list', 'GET', project + '/rooms', token);
  const created = await call('room creation', 'POST', project + '/rooms', token, { roomData: { raumBezeichnung: 'Wohnzimmer', raumEtage: 1, raumFlaeche: '24,5', raumTemperatur: 21 } });
  const roomId = created && created.room ? created.room.id : 'none';
  await call('room change', 'PATCH', project + '/rooms/' + encodeURIComponent(roomId), token, { roomData: { raumNotiz: 'Fenster 2019 erneuert', raumHoehe: 2.6 } });
  await call('funding list', 'GET', '/funding/applications?page=1&limit=10', token);
  const pictures = await call('picture list', 'GET', '/reports/' + config.picturesKey + '/pictures', token);
  await showPicture(pictures && pictures.pictures.length > 0 ? pictures.pictures[0].url : '/files/pictures/none');
  await call('unknown project', 'GET', '/reports/' + config.unknownKey, token);
  await call('invalid room', 'POST', project + '/rooms', token, { roomData: { raumBezeichnung: 'Bad', raumFarbe: 'blau' } });
  await call('list without token', 'GET', '/reports', '');
}

document.getElementById('settings').addEventListener('submit', (event) => {
  event.preventDefault();
  integrate(document.getElementById('token').value).then(
    () => { log.dataset.done = 'ok'; },
    (error) => { calls.push({ label: 'error', method: '', path: String(error), status: 0 }); log.dataset.done = 'error'; },
  ).finally(() => { log.textContent = JSON.stringify(calls); });
});
`;

/** The page's HTML; `config` is embedded as JSON (no secret in it). */
export function integratorPageHtml(config: IntegratorConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Integrator</title><link rel="icon" href="data:,"></head>
<body>
<form id="settings"><label>API-Token <input id="token" type="password" autocomplete="off"></label> <button id="run" type="submit">Abgleichen</button></form>
<pre id="log"></pre>
<script id="config" type="application/json">${json}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
