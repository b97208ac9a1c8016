import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The browsable documentation at `GET /docs`: one self-contained page whose script fetches
 * `openapi.json` next to it and renders tags, operations, parameters, bodies, responses, schemas
 * and examples. Nothing is loaded from elsewhere (the machines running the kit have no outside
 * network), and the Content-Security-Policy pins the page to its own script and style.
 *
 * Script and style are real files beside this module (docs-viewer/, the script linted with browser
 * globals); every text from the document goes into the page through textContent.
 */
const VIEWER = join(import.meta.dirname, 'docs-viewer');
const STYLE = readFileSync(join(VIEWER, 'docs-viewer.css'), 'utf8');
const SCRIPT = readFileSync(join(VIEWER, 'docs-viewer.js'), 'utf8');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1 id="title">API documentation</h1><div id="summary" class="muted"></div><input id="filter" type="search" placeholder="Filter operations (method, path, summary)" aria-label="Filter operations"></header>
<div id="layout"><nav id="nav" aria-label="Operations"></nav><main id="main"><p class="muted">Loading openapi.json…</p></main></div>
<script>${SCRIPT}</script>
</body>
</html>
`;

/** Only this page's own script and style run, and it may fetch only from its own origin. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
