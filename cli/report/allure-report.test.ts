import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutAnalytics } from './allure-report.js';

describe('the report page without analytics', () => {
  it("removes the Allure template's tag manager and gtag scripts and keeps every other script", () => {
    // The installed plugin's own template, so an Allure upgrade that changes it is noticed here.
    const generator = readFileSync(resolve(import.meta.dirname, '../../node_modules/@allurereport/plugin-awesome/dist/generators.js'), 'utf8');
    const template = generator.slice(generator.indexOf('<!DOCTYPE html>'), generator.indexOf('</html>') + '</html>'.length);
    expect(template).toContain('googletagmanager.com');
    const rendered = template.replace(/\{\{#if analyticsEnable\}\}|\{\{\/if\}\}/g, '');

    const page = withoutAnalytics(rendered);
    expect(page).not.toMatch(/googletagmanager|gtag|dataLayer/);
    expect(page).toContain('window.allureReportOptions');
    expect(page).toContain('window.allure = window.allure || {};');
    expect(page).toContain('{{{ reportFilesScript }}}');
    expect(page.match(/<script/g)?.length).toBe((rendered.match(/<script/g)?.length ?? 0) - 2);
  });
});
