import type { Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { expect, test } from './support/test';
import { createVerifiedAccount, fillSignIn, uniqueEmail } from './support/accounts';
import { E2E_BASE_URL } from './support/env';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A real PDF CV, one paragraph per line (pdfkit). */
function pdfOf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

/** Nothing is wider than the window: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    if (size === 'phone') await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/recruit-${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('someone applies on the public page with a CV; the owner finds them on the board and moves them to interview', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const owner = await createVerifiedAccount(request, { firstName: 'Linh', lastName: 'Pham' });
  const as = { authorization: `Bearer ${owner.token}` };
  const workspaceName = 'Hiring at Lotus Labs';
  const workspace = await request.post(`${E2E_BASE_URL}/api/v2/core/workspaces`, {
    headers: as,
    data: { name: workspaceName, workspace_type: 'recruit', description: 'Our open roles.' },
  });
  expect(workspace.ok(), await workspace.text()).toBe(true);
  const workspaceId = (await workspace.json()).resource.id as number;
  const job = await request.post(
    `${E2E_BASE_URL}/api/v2/recruit/workspaces/${workspaceId}/jobs/upload-jd`,
    {
      headers: as,
      multipart: {
        title: 'Frontend developer',
        text: 'We build web apps.\nRequired: TypeScript and React.\nNice to have: Docker.',
      },
    },
  );
  expect(job.ok(), await job.text()).toBe(true);
  const jobId = (await job.json()).resource.job.id as number;

  // The public page, signed out: the job and its form.
  await page.goto(`/position/${jobId}`);
  await expect(page.getByRole('heading', { name: 'Frontend developer', level: 1 })).toBeVisible();
  await shoot(page, 'position');
  const email = uniqueEmail('applicant');
  await page.getByLabel('Your name').fill('Mai Nguyen');
  await page.getByLabel('Your e-mail').fill(email);
  const cv = await pdfOf([
    'Mai Nguyen',
    email,
    'Frontend developer with 4 years of TypeScript and React.',
    'Experience: built dashboards in React at Saigon Soft.',
  ]);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'mai-nguyen-cv.pdf', mimeType: 'application/pdf', buffer: cv });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible({
    timeout: 20_000,
  });

  // The owner signs in and reaches the job by clicks.
  await page.goto('/signin');
  await fillSignIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Workspaces/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await page.getByRole('main').getByText(workspaceName).first().click();
  await expect(page.getByRole('heading', { name: workspaceName, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Talent pool' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/talent-pool$`));
  await shoot(page, 'jobs');
  await page.getByRole('link', { name: 'Frontend developer' }).click();
  await expect(page.getByRole('heading', { name: 'Frontend developer', level: 2 })).toBeVisible();

  // On the board, in "Applied"; moved to "Interview" from its menu (the keyboard's way).
  const applied = page.getByRole('region', { name: 'Applied', exact: true });
  await expect(applied.getByRole('link', { name: 'Mai Nguyen' })).toBeVisible();
  await shoot(page, 'board');
  await applied.getByRole('button', { name: 'Move Mai Nguyen' }).click();
  await page.getByRole('menuitem', { name: 'Move to Interview' }).click();
  const interview = page.getByRole('region', { name: 'Interview', exact: true });
  await expect(interview.getByRole('link', { name: 'Mai Nguyen' })).toBeVisible();
  await expect(applied.getByRole('link', { name: 'Mai Nguyen' })).toHaveCount(0);

  // It stays there, and the candidate page says so.
  await page.reload();
  await expect(interview.getByRole('link', { name: 'Mai Nguyen' })).toBeVisible();
  await interview.getByRole('link', { name: 'Mai Nguyen' }).click();
  await expect(page.getByRole('heading', { name: 'Mai Nguyen', level: 2 })).toBeVisible();
  await expect(page.getByTestId('recruit-candidate-stage')).toHaveText('Interview');
  await shoot(page, 'candidate');

  // The screening and the talent pool, reached by their tabs.
  await page.getByRole('link', { name: 'Back to Frontend developer' }).click();
  await page.getByRole('tab', { name: 'Screening' }).click();
  await expect(page.getByTestId('recruit-screening-row')).toHaveCount(1);
  await shoot(page, 'screening');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'Stage names' })).toBeVisible();
  await shoot(page, 'details');
  await page.getByRole('tab', { name: 'Talent pool' }).last().click();
  await expect(page.getByTestId('recruit-pool-entry')).toHaveCount(1);
  await shoot(page, 'pool');
});
