import { z } from 'zod';

/** The in-toto types the statement declares; a verifier rejects anything else. */
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PREDICATE_TYPE = 'https://in-toto.io/attestation/test-result/v0.1';

const digest = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const statementCheckSchema = z.object({
  title: z.string(),
  state: z.enum(['passed', 'failed', 'broken', 'skipped']),
  /** The check's Allure result file, relative to the report dir; absent for a suite that failed to collect. */
  result: z.string().optional(),
  sha256: z.string().optional(),
  /** Of a passed check: whether it judged the rule (a check names rules it may leave not exercised). */
  judged: z.boolean().optional(),
  /** Of a failure charged to the rule: the check that met it on its way. */
  metBy: z.string().optional(),
});

export const ruleEntrySchema = z.object({
  verdict: z.enum(['pass', 'fail', 'broken', 'skip', 'inconclusive', 'not-selected']),
  reason: z.string().optional(),
  /** Of a pass: what the passing checks judged the rule on, and the count of the target's items where every one counted them. */
  evidence: z.array(z.string()).optional(),
  items: z.number().optional(),
  checks: z.array(statementCheckSchema),
});

export const observationSchema = z.object({
  /** `recording`: HAR files or exchange logs read; `proxy`: live traffic through the recording proxy. */
  mode: z.enum(['recording', 'proxy']),
  /** The files read, or the upstream the proxy forwarded to. */
  sources: z.array(z.string()),
  from: z.string().optional(),
  to: z.string().optional(),
  exchanges: z.number(),
  customers: z.number(),
  /** Declared by the one who observed (`observe --one-token-per-customer`): every customer of the traffic used one token, so the rate limit was judged per token. */
  oneTokenPerCustomer: z.literal(true).optional(),
});

export const statementSchema = z.object({
  _type: z.literal(STATEMENT_TYPE),
  subject: z.array(z.object({ name: z.string(), digest })).length(1),
  predicateType: z.literal(PREDICATE_TYPE),
  predicate: z.object({
    result: z.enum(['PASSED', 'FAILED', 'WARNED']),
    configuration: z.array(z.object({ name: z.string(), digest })),
    passedTests: z.array(z.string()),
    failedTests: z.array(z.string()),
    warnedTests: z.array(z.string()),
    cpfConformance: z.object({
      kit: z.object({ name: z.string(), version: z.string(), commit: z.string().optional() }),
      catalogues: z.object({ rules: z.string(), freedoms: z.string(), specVersion: z.string() }),
      target: z.object({ baseUrl: z.string(), root: z.unknown(), health: z.unknown(), at: z.string() }),
      profile: z.object({ sha256: z.string(), redacted: z.unknown() }),
      selection: z.record(z.string(), z.unknown()),
      rules: z.record(z.string(), ruleEntrySchema),
      counts: z.object({ passed: z.number(), failed: z.number(), broken: z.number(), skipped: z.number() }),
      wallSeconds: z.number(),
      floorSeconds: z.number(),
      files: z.record(z.string(), z.string()),
      /** Of a passive observation: the verdicts were observed in traffic the kit did not send, over this period. */
      observation: observationSchema.optional(),
    }),
  }),
});

export type Statement = z.infer<typeof statementSchema>;
export type StatementCheck = z.infer<typeof statementCheckSchema>;
export type RuleEntry = z.infer<typeof ruleEntrySchema>;
export type Observation = z.infer<typeof observationSchema>;
