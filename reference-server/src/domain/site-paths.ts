/**
 * Where the site serves stored documents and pictures (outside the API prefix). The document
 * service builds links to them and the site's routes serve them: both take the paths from here.
 */
export const FILES_PREFIX = '/files';

export function documentPath(id: number, name: string): string {
  return `${FILES_PREFIX}/documents/${id}/${encodeURIComponent(name)}`;
}
export function viewerPath(id: number): string {
  return `${FILES_PREFIX}/viewer/${id}`;
}
export function picturePath(publicId: string): string {
  return `${FILES_PREFIX}/pictures/${publicId}`;
}
