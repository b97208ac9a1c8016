import type { ExchangeView } from '../../judge/exchange-view.js';

/** The rows of the pdf and the picture list (spec/endpoints.ts), both GETs. */
export const PDF_ROW = 'reports.pdf';
export const PICTURES_ROW = 'reports.pictures';

/** A GET of the pdf endpoint (a HEAD creates nothing and answers no links). */
export function isPdfRead(x: ExchangeView): boolean {
  return x.method === 'GET' && x.endpoint?.id === PDF_ROW;
}

export function isPicturesRead(x: ExchangeView): boolean {
  return x.method === 'GET' && x.endpoint?.id === PICTURES_ROW;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** A URL as a key: parsed and written back, without a fragment (no server sees it); with its path. */
export function urlKey(url: string, base?: string): { key: string; pathname: string } | undefined {
  try {
    const parsed = new URL(url, base);
    parsed.hash = '';
    return { key: parsed.href, pathname: parsed.pathname };
  } catch {
    return undefined;
  }
}

/** Whether a link names its scheme (an absolute URL); a picture `url` "may be relative". */
export const hasScheme = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url);
