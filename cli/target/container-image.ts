/**
 * The layout of the bundled image, kept in one place: the repository's Dockerfile and the
 * container test's image are rendered from it (tools/container/dockerfile.ts), and `--image`
 * starts and reads a container by it (container-config.ts).
 */
export const BUNDLED_IMAGE = {
  port: 8080,
  apiPath: '/api/v2',
  /** A volume: the database and the profile the server writes outlive the container. */
  dataDir: '/data',
  dbPath: '/data/reference.sqlite',
  /** Tokens in clear, mode 0600; `--image` reads it once the health endpoint answers. */
  profilePath: '/data/profile.json',
  workdir: '/app',
  user: 'node',
  /** The server's own start module: what `npm run server` runs. */
  entry: 'reference-server/src/main.ts',
  /**
   * What the server reads at run time besides its dependencies: its sources, its variations (`--vary`,
   * with the seam helpers they share with the faults), and the parts of spec/ they take.
   */
  appPaths: ['package.json', 'tsconfig.json', 'reference-server/src', 'reference-server/variations', 'reference-server/seams', 'spec/profile.schema.ts', 'spec/freedoms', 'spec/rules/catalog.ts'],
  /** Unit tests sit beside the modules they test; the image runs none of them. */
  excludedFiles: '*.test.ts',
} as const;

/**
 * `npm run server` minus npm and sh: as PID 1 npm hands SIGTERM to the shell only, which dies and
 * leaves the server to be killed without finishing requests and closing the database.
 */
export const SERVER_COMMAND: readonly string[] = [
  'node',
  '--import',
  'tsx',
  BUNDLED_IMAGE.entry,
  '--host',
  '0.0.0.0',
  '--port',
  String(BUNDLED_IMAGE.port),
  '--db',
  BUNDLED_IMAGE.dbPath,
  '--profile-out',
  BUNDLED_IMAGE.profilePath,
];

/** Docker's own health probe, with node because the image has no curl. */
export const HEALTHCHECK = {
  intervalSeconds: 10,
  timeoutSeconds: 3,
  startPeriodSeconds: 30,
  retries: 3,
  command: [
    'node',
    '-e',
    `fetch('http://127.0.0.1:${BUNDLED_IMAGE.port}${BUNDLED_IMAGE.apiPath}/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
  ] as readonly string[],
} as const;
