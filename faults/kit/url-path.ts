/** The path and query of an absolute URL: what a target handing out relative links would send. */
export const pathOnly = (url: unknown) => {
  const u = new URL(String(url));
  return `${u.pathname}${u.search}`;
};
