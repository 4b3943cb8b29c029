// README screenshots: written into docs/images when UPDATE_SCREENSHOTS=1, else next to the other
// test evidence (a test run must not change tracked files).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot, testResultsDir } from '../harness/paths';

export const readmeImagesDir = process.env.UPDATE_SCREENSHOTS === '1'
  ? path.join(projectRoot, 'docs', 'images')
  : path.join(testResultsDir, 'screenshots');

/** Saves a screenshot of the page (the workbench as the user sees it) as docs/images/`name`. */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(readmeImagesDir, { recursive: true });
  await page.screenshot({ path: path.join(readmeImagesDir, name) });
}
