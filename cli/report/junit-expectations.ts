/**
 * Known failures (`--expect`) in JUnit: a CI system reading junit.xml would otherwise show red
 * what the run itself accepted. Each known failure's <failure> becomes a <skipped> with the reason
 * the expectations file gives; regressions stay failures.
 */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function markKnownFailuresSkipped(xml: string, known: readonly { title: string; reason: string }[]): string {
  let out = xml;
  for (const { title, reason } of known) {
    const name = escapeXml(title);
    out = out.replace(/<testcase\b[^>]*>[\s\S]*?<\/testcase>/g, (testcase) => {
      const nameAttr = /\bname="([^"]*)"/.exec(testcase)?.[1] ?? '';
      if (nameAttr !== name && !nameAttr.endsWith(` &gt; ${name}`)) return testcase;
      const skipped = `<skipped message="${escapeXml(`known failure (--expect): ${reason}`)}"/>`;
      return testcase.replace(/<failure\b[\s\S]*?(?:<\/failure>|\/>)/, skipped);
    });
  }
  return out;
}
